from typing import Literal, cast

SendResponse403Error = Literal[
    "dkim_not_verified",
    "domain_mode_mismatch",
    "domain_not_allowed",
    "domain_not_registered",
    "domain_not_verified",
    "sending_suspended",
    "unauthorized",
]

SEND_RESPONSE_403_ERROR_VALUES: set[SendResponse403Error] = {
    "dkim_not_verified",
    "domain_mode_mismatch",
    "domain_not_allowed",
    "domain_not_registered",
    "domain_not_verified",
    "sending_suspended",
    "unauthorized",
}


def check_send_response_403_error(value: str) -> SendResponse403Error:
    if value in SEND_RESPONSE_403_ERROR_VALUES:
        return cast(SendResponse403Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEND_RESPONSE_403_ERROR_VALUES!r}"
    )

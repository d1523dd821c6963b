from typing import Literal, cast

SendResponse422Error = Literal["recipient_suppressed"]

SEND_RESPONSE_422_ERROR_VALUES: set[SendResponse422Error] = {
    "recipient_suppressed",
}


def check_send_response_422_error(value: str) -> SendResponse422Error:
    if value in SEND_RESPONSE_422_ERROR_VALUES:
        return cast(SendResponse422Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEND_RESPONSE_422_ERROR_VALUES!r}"
    )

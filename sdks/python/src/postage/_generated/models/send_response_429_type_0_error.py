from typing import Literal, cast

SendResponse429Type0Error = Literal["usage_limit_exceeded"]

SEND_RESPONSE_429_TYPE_0_ERROR_VALUES: set[SendResponse429Type0Error] = {
    "usage_limit_exceeded",
}


def check_send_response_429_type_0_error(value: str) -> SendResponse429Type0Error:
    if value in SEND_RESPONSE_429_TYPE_0_ERROR_VALUES:
        return cast(SendResponse429Type0Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEND_RESPONSE_429_TYPE_0_ERROR_VALUES!r}"
    )

from typing import Literal, cast

SendResponse500Error = Literal["internal_error"]

SEND_RESPONSE_500_ERROR_VALUES: set[SendResponse500Error] = {
    "internal_error",
}


def check_send_response_500_error(value: str) -> SendResponse500Error:
    if value in SEND_RESPONSE_500_ERROR_VALUES:
        return cast(SendResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEND_RESPONSE_500_ERROR_VALUES!r}"
    )

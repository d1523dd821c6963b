from typing import Literal, cast

SendResponse502Error = Literal["attachment_upload_failed", "queue_error"]

SEND_RESPONSE_502_ERROR_VALUES: set[SendResponse502Error] = {
    "attachment_upload_failed",
    "queue_error",
}


def check_send_response_502_error(value: str) -> SendResponse502Error:
    if value in SEND_RESPONSE_502_ERROR_VALUES:
        return cast(SendResponse502Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEND_RESPONSE_502_ERROR_VALUES!r}"
    )

from typing import Literal, cast

SendResponse409Error = Literal["idempotency_key_in_progress", "idempotency_key_reused"]

SEND_RESPONSE_409_ERROR_VALUES: set[SendResponse409Error] = {
    "idempotency_key_in_progress",
    "idempotency_key_reused",
}


def check_send_response_409_error(value: str) -> SendResponse409Error:
    if value in SEND_RESPONSE_409_ERROR_VALUES:
        return cast(SendResponse409Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEND_RESPONSE_409_ERROR_VALUES!r}"
    )

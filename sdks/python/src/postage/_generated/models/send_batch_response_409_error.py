from typing import Literal, cast

SendBatchResponse409Error = Literal[
    "idempotency_key_in_progress", "idempotency_key_reused"
]

SEND_BATCH_RESPONSE_409_ERROR_VALUES: set[SendBatchResponse409Error] = {
    "idempotency_key_in_progress",
    "idempotency_key_reused",
}


def check_send_batch_response_409_error(value: str) -> SendBatchResponse409Error:
    if value in SEND_BATCH_RESPONSE_409_ERROR_VALUES:
        return cast(SendBatchResponse409Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEND_BATCH_RESPONSE_409_ERROR_VALUES!r}"
    )

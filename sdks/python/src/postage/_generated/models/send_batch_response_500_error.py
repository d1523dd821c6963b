from typing import Literal, cast

SendBatchResponse500Error = Literal["internal_error"]

SEND_BATCH_RESPONSE_500_ERROR_VALUES: set[SendBatchResponse500Error] = {
    "internal_error",
}


def check_send_batch_response_500_error(value: str) -> SendBatchResponse500Error:
    if value in SEND_BATCH_RESPONSE_500_ERROR_VALUES:
        return cast(SendBatchResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEND_BATCH_RESPONSE_500_ERROR_VALUES!r}"
    )

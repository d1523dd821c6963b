from typing import Literal, cast

SendBatchResponse503Error = Literal["service_unavailable"]

SEND_BATCH_RESPONSE_503_ERROR_VALUES: set[SendBatchResponse503Error] = {
    "service_unavailable",
}


def check_send_batch_response_503_error(value: str) -> SendBatchResponse503Error:
    if value in SEND_BATCH_RESPONSE_503_ERROR_VALUES:
        return cast(SendBatchResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEND_BATCH_RESPONSE_503_ERROR_VALUES!r}"
    )

from typing import Literal, cast

SendBatchResponseDataItemType1Error = Literal[
    "attachment_upload_failed",
    "byoc_not_configured",
    "dkim_not_verified",
    "domain_mode_mismatch",
    "domain_not_allowed",
    "domain_not_registered",
    "domain_not_verified",
    "idempotency_key_in_progress",
    "idempotency_key_reused",
    "queue_error",
    "recipient_suppressed",
    "sending_suspended",
    "service_unavailable",
    "unauthorized",
    "usage_limit_exceeded",
]

SEND_BATCH_RESPONSE_DATA_ITEM_TYPE_1_ERROR_VALUES: set[
    SendBatchResponseDataItemType1Error
] = {
    "attachment_upload_failed",
    "byoc_not_configured",
    "dkim_not_verified",
    "domain_mode_mismatch",
    "domain_not_allowed",
    "domain_not_registered",
    "domain_not_verified",
    "idempotency_key_in_progress",
    "idempotency_key_reused",
    "queue_error",
    "recipient_suppressed",
    "sending_suspended",
    "service_unavailable",
    "unauthorized",
    "usage_limit_exceeded",
}


def check_send_batch_response_data_item_type_1_error(
    value: str,
) -> SendBatchResponseDataItemType1Error:
    if value in SEND_BATCH_RESPONSE_DATA_ITEM_TYPE_1_ERROR_VALUES:
        return cast(SendBatchResponseDataItemType1Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEND_BATCH_RESPONSE_DATA_ITEM_TYPE_1_ERROR_VALUES!r}"
    )

from typing import Literal, cast

EmailDetailWebhookDeliveriesItemErrorType0 = Literal[
    "address_not_allowed",
    "cancelled",
    "connection_refused",
    "dns_failure",
    "network_error",
    "timeout",
    "tls_error",
]

EMAIL_DETAIL_WEBHOOK_DELIVERIES_ITEM_ERROR_TYPE_0_VALUES: set[
    EmailDetailWebhookDeliveriesItemErrorType0
] = {
    "address_not_allowed",
    "cancelled",
    "connection_refused",
    "dns_failure",
    "network_error",
    "timeout",
    "tls_error",
}


def check_email_detail_webhook_deliveries_item_error_type_0(
    value: str,
) -> EmailDetailWebhookDeliveriesItemErrorType0:
    if value in EMAIL_DETAIL_WEBHOOK_DELIVERIES_ITEM_ERROR_TYPE_0_VALUES:
        return cast(EmailDetailWebhookDeliveriesItemErrorType0, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EMAIL_DETAIL_WEBHOOK_DELIVERIES_ITEM_ERROR_TYPE_0_VALUES!r}"
    )

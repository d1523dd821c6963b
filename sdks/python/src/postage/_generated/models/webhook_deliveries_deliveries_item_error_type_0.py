from typing import Literal, cast

WebhookDeliveriesDeliveriesItemErrorType0 = Literal[
    "address_not_allowed",
    "cancelled",
    "connection_refused",
    "dns_failure",
    "network_error",
    "timeout",
    "tls_error",
]

WEBHOOK_DELIVERIES_DELIVERIES_ITEM_ERROR_TYPE_0_VALUES: set[
    WebhookDeliveriesDeliveriesItemErrorType0
] = {
    "address_not_allowed",
    "cancelled",
    "connection_refused",
    "dns_failure",
    "network_error",
    "timeout",
    "tls_error",
}


def check_webhook_deliveries_deliveries_item_error_type_0(
    value: str,
) -> WebhookDeliveriesDeliveriesItemErrorType0:
    if value in WEBHOOK_DELIVERIES_DELIVERIES_ITEM_ERROR_TYPE_0_VALUES:
        return cast(WebhookDeliveriesDeliveriesItemErrorType0, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {WEBHOOK_DELIVERIES_DELIVERIES_ITEM_ERROR_TYPE_0_VALUES!r}"
    )

from typing import Literal, cast

WebhookReplayResultDeliveryErrorType0 = Literal[
    "address_not_allowed",
    "cancelled",
    "connection_refused",
    "dns_failure",
    "network_error",
    "timeout",
    "tls_error",
]

WEBHOOK_REPLAY_RESULT_DELIVERY_ERROR_TYPE_0_VALUES: set[
    WebhookReplayResultDeliveryErrorType0
] = {
    "address_not_allowed",
    "cancelled",
    "connection_refused",
    "dns_failure",
    "network_error",
    "timeout",
    "tls_error",
}


def check_webhook_replay_result_delivery_error_type_0(
    value: str,
) -> WebhookReplayResultDeliveryErrorType0:
    if value in WEBHOOK_REPLAY_RESULT_DELIVERY_ERROR_TYPE_0_VALUES:
        return cast(WebhookReplayResultDeliveryErrorType0, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {WEBHOOK_REPLAY_RESULT_DELIVERY_ERROR_TYPE_0_VALUES!r}"
    )

from typing import Literal, cast

WebhookTestResultDeliveryErrorType0 = Literal[
    "address_not_allowed",
    "cancelled",
    "connection_refused",
    "dns_failure",
    "network_error",
    "timeout",
    "tls_error",
]

WEBHOOK_TEST_RESULT_DELIVERY_ERROR_TYPE_0_VALUES: set[
    WebhookTestResultDeliveryErrorType0
] = {
    "address_not_allowed",
    "cancelled",
    "connection_refused",
    "dns_failure",
    "network_error",
    "timeout",
    "tls_error",
}


def check_webhook_test_result_delivery_error_type_0(
    value: str,
) -> WebhookTestResultDeliveryErrorType0:
    if value in WEBHOOK_TEST_RESULT_DELIVERY_ERROR_TYPE_0_VALUES:
        return cast(WebhookTestResultDeliveryErrorType0, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {WEBHOOK_TEST_RESULT_DELIVERY_ERROR_TYPE_0_VALUES!r}"
    )

from typing import Literal, cast

GetApiWebhooksIdDeliveriesResponse503Error = Literal["service_unavailable"]

GET_API_WEBHOOKS_ID_DELIVERIES_RESPONSE_503_ERROR_VALUES: set[
    GetApiWebhooksIdDeliveriesResponse503Error
] = {
    "service_unavailable",
}


def check_get_api_webhooks_id_deliveries_response_503_error(
    value: str,
) -> GetApiWebhooksIdDeliveriesResponse503Error:
    if value in GET_API_WEBHOOKS_ID_DELIVERIES_RESPONSE_503_ERROR_VALUES:
        return cast(GetApiWebhooksIdDeliveriesResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_WEBHOOKS_ID_DELIVERIES_RESPONSE_503_ERROR_VALUES!r}"
    )

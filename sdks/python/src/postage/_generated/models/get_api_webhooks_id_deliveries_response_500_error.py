from typing import Literal, cast

GetApiWebhooksIdDeliveriesResponse500Error = Literal["internal_error"]

GET_API_WEBHOOKS_ID_DELIVERIES_RESPONSE_500_ERROR_VALUES: set[
    GetApiWebhooksIdDeliveriesResponse500Error
] = {
    "internal_error",
}


def check_get_api_webhooks_id_deliveries_response_500_error(
    value: str,
) -> GetApiWebhooksIdDeliveriesResponse500Error:
    if value in GET_API_WEBHOOKS_ID_DELIVERIES_RESPONSE_500_ERROR_VALUES:
        return cast(GetApiWebhooksIdDeliveriesResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_WEBHOOKS_ID_DELIVERIES_RESPONSE_500_ERROR_VALUES!r}"
    )

from typing import Literal, cast

GetApiWebhooksIdDeliveriesResponse404Error = Literal["not_found"]

GET_API_WEBHOOKS_ID_DELIVERIES_RESPONSE_404_ERROR_VALUES: set[
    GetApiWebhooksIdDeliveriesResponse404Error
] = {
    "not_found",
}


def check_get_api_webhooks_id_deliveries_response_404_error(
    value: str,
) -> GetApiWebhooksIdDeliveriesResponse404Error:
    if value in GET_API_WEBHOOKS_ID_DELIVERIES_RESPONSE_404_ERROR_VALUES:
        return cast(GetApiWebhooksIdDeliveriesResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_WEBHOOKS_ID_DELIVERIES_RESPONSE_404_ERROR_VALUES!r}"
    )

from typing import Literal, cast

GetApiWebhooksResponse404Error = Literal["not_found"]

GET_API_WEBHOOKS_RESPONSE_404_ERROR_VALUES: set[GetApiWebhooksResponse404Error] = {
    "not_found",
}


def check_get_api_webhooks_response_404_error(
    value: str,
) -> GetApiWebhooksResponse404Error:
    if value in GET_API_WEBHOOKS_RESPONSE_404_ERROR_VALUES:
        return cast(GetApiWebhooksResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_WEBHOOKS_RESPONSE_404_ERROR_VALUES!r}"
    )

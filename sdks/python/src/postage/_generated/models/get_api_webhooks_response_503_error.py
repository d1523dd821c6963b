from typing import Literal, cast

GetApiWebhooksResponse503Error = Literal["service_unavailable"]

GET_API_WEBHOOKS_RESPONSE_503_ERROR_VALUES: set[GetApiWebhooksResponse503Error] = {
    "service_unavailable",
}


def check_get_api_webhooks_response_503_error(
    value: str,
) -> GetApiWebhooksResponse503Error:
    if value in GET_API_WEBHOOKS_RESPONSE_503_ERROR_VALUES:
        return cast(GetApiWebhooksResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_WEBHOOKS_RESPONSE_503_ERROR_VALUES!r}"
    )

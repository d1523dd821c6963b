from typing import Literal, cast

GetApiWebhooksResponse500Error = Literal["internal_error"]

GET_API_WEBHOOKS_RESPONSE_500_ERROR_VALUES: set[GetApiWebhooksResponse500Error] = {
    "internal_error",
}


def check_get_api_webhooks_response_500_error(
    value: str,
) -> GetApiWebhooksResponse500Error:
    if value in GET_API_WEBHOOKS_RESPONSE_500_ERROR_VALUES:
        return cast(GetApiWebhooksResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_WEBHOOKS_RESPONSE_500_ERROR_VALUES!r}"
    )

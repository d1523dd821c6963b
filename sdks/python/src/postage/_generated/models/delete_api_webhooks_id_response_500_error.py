from typing import Literal, cast

DeleteApiWebhooksIdResponse500Error = Literal["internal_error"]

DELETE_API_WEBHOOKS_ID_RESPONSE_500_ERROR_VALUES: set[
    DeleteApiWebhooksIdResponse500Error
] = {
    "internal_error",
}


def check_delete_api_webhooks_id_response_500_error(
    value: str,
) -> DeleteApiWebhooksIdResponse500Error:
    if value in DELETE_API_WEBHOOKS_ID_RESPONSE_500_ERROR_VALUES:
        return cast(DeleteApiWebhooksIdResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_API_WEBHOOKS_ID_RESPONSE_500_ERROR_VALUES!r}"
    )

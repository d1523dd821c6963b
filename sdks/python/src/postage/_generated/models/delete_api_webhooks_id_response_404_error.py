from typing import Literal, cast

DeleteApiWebhooksIdResponse404Error = Literal["not_found"]

DELETE_API_WEBHOOKS_ID_RESPONSE_404_ERROR_VALUES: set[
    DeleteApiWebhooksIdResponse404Error
] = {
    "not_found",
}


def check_delete_api_webhooks_id_response_404_error(
    value: str,
) -> DeleteApiWebhooksIdResponse404Error:
    if value in DELETE_API_WEBHOOKS_ID_RESPONSE_404_ERROR_VALUES:
        return cast(DeleteApiWebhooksIdResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_API_WEBHOOKS_ID_RESPONSE_404_ERROR_VALUES!r}"
    )

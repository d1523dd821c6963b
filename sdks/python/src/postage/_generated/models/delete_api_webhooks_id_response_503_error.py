from typing import Literal, cast

DeleteApiWebhooksIdResponse503Error = Literal["service_unavailable"]

DELETE_API_WEBHOOKS_ID_RESPONSE_503_ERROR_VALUES: set[
    DeleteApiWebhooksIdResponse503Error
] = {
    "service_unavailable",
}


def check_delete_api_webhooks_id_response_503_error(
    value: str,
) -> DeleteApiWebhooksIdResponse503Error:
    if value in DELETE_API_WEBHOOKS_ID_RESPONSE_503_ERROR_VALUES:
        return cast(DeleteApiWebhooksIdResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_API_WEBHOOKS_ID_RESPONSE_503_ERROR_VALUES!r}"
    )

from typing import Literal, cast

PostApiWebhooksIdRotateSecretResponse503Error = Literal["service_unavailable"]

POST_API_WEBHOOKS_ID_ROTATE_SECRET_RESPONSE_503_ERROR_VALUES: set[
    PostApiWebhooksIdRotateSecretResponse503Error
] = {
    "service_unavailable",
}


def check_post_api_webhooks_id_rotate_secret_response_503_error(
    value: str,
) -> PostApiWebhooksIdRotateSecretResponse503Error:
    if value in POST_API_WEBHOOKS_ID_ROTATE_SECRET_RESPONSE_503_ERROR_VALUES:
        return cast(PostApiWebhooksIdRotateSecretResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_WEBHOOKS_ID_ROTATE_SECRET_RESPONSE_503_ERROR_VALUES!r}"
    )

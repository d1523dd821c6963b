from typing import Literal, cast

PostApiWebhooksIdRotateSecretResponse404Error = Literal["not_found"]

POST_API_WEBHOOKS_ID_ROTATE_SECRET_RESPONSE_404_ERROR_VALUES: set[
    PostApiWebhooksIdRotateSecretResponse404Error
] = {
    "not_found",
}


def check_post_api_webhooks_id_rotate_secret_response_404_error(
    value: str,
) -> PostApiWebhooksIdRotateSecretResponse404Error:
    if value in POST_API_WEBHOOKS_ID_ROTATE_SECRET_RESPONSE_404_ERROR_VALUES:
        return cast(PostApiWebhooksIdRotateSecretResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_WEBHOOKS_ID_ROTATE_SECRET_RESPONSE_404_ERROR_VALUES!r}"
    )

from typing import Literal, cast

PostApiWebhooksIdRotateSecretResponse500Error = Literal["internal_error"]

POST_API_WEBHOOKS_ID_ROTATE_SECRET_RESPONSE_500_ERROR_VALUES: set[
    PostApiWebhooksIdRotateSecretResponse500Error
] = {
    "internal_error",
}


def check_post_api_webhooks_id_rotate_secret_response_500_error(
    value: str,
) -> PostApiWebhooksIdRotateSecretResponse500Error:
    if value in POST_API_WEBHOOKS_ID_ROTATE_SECRET_RESPONSE_500_ERROR_VALUES:
        return cast(PostApiWebhooksIdRotateSecretResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_WEBHOOKS_ID_ROTATE_SECRET_RESPONSE_500_ERROR_VALUES!r}"
    )

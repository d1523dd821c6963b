from typing import Literal, cast

PostApiWebhooksResponse503Error = Literal["service_unavailable"]

POST_API_WEBHOOKS_RESPONSE_503_ERROR_VALUES: set[PostApiWebhooksResponse503Error] = {
    "service_unavailable",
}


def check_post_api_webhooks_response_503_error(
    value: str,
) -> PostApiWebhooksResponse503Error:
    if value in POST_API_WEBHOOKS_RESPONSE_503_ERROR_VALUES:
        return cast(PostApiWebhooksResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_WEBHOOKS_RESPONSE_503_ERROR_VALUES!r}"
    )

from typing import Literal, cast

PostApiWebhooksResponse500Error = Literal["internal_error"]

POST_API_WEBHOOKS_RESPONSE_500_ERROR_VALUES: set[PostApiWebhooksResponse500Error] = {
    "internal_error",
}


def check_post_api_webhooks_response_500_error(
    value: str,
) -> PostApiWebhooksResponse500Error:
    if value in POST_API_WEBHOOKS_RESPONSE_500_ERROR_VALUES:
        return cast(PostApiWebhooksResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_WEBHOOKS_RESPONSE_500_ERROR_VALUES!r}"
    )

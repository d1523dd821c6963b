from typing import Literal, cast

PostApiWebhooksResponse404Error = Literal["not_found"]

POST_API_WEBHOOKS_RESPONSE_404_ERROR_VALUES: set[PostApiWebhooksResponse404Error] = {
    "not_found",
}


def check_post_api_webhooks_response_404_error(
    value: str,
) -> PostApiWebhooksResponse404Error:
    if value in POST_API_WEBHOOKS_RESPONSE_404_ERROR_VALUES:
        return cast(PostApiWebhooksResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_WEBHOOKS_RESPONSE_404_ERROR_VALUES!r}"
    )

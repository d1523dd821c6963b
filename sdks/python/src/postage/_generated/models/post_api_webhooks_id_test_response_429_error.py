from typing import Literal, cast

PostApiWebhooksIdTestResponse429Error = Literal["too_many_requests"]

POST_API_WEBHOOKS_ID_TEST_RESPONSE_429_ERROR_VALUES: set[
    PostApiWebhooksIdTestResponse429Error
] = {
    "too_many_requests",
}


def check_post_api_webhooks_id_test_response_429_error(
    value: str,
) -> PostApiWebhooksIdTestResponse429Error:
    if value in POST_API_WEBHOOKS_ID_TEST_RESPONSE_429_ERROR_VALUES:
        return cast(PostApiWebhooksIdTestResponse429Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_WEBHOOKS_ID_TEST_RESPONSE_429_ERROR_VALUES!r}"
    )

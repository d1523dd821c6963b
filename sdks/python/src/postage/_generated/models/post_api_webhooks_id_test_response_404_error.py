from typing import Literal, cast

PostApiWebhooksIdTestResponse404Error = Literal["not_found"]

POST_API_WEBHOOKS_ID_TEST_RESPONSE_404_ERROR_VALUES: set[
    PostApiWebhooksIdTestResponse404Error
] = {
    "not_found",
}


def check_post_api_webhooks_id_test_response_404_error(
    value: str,
) -> PostApiWebhooksIdTestResponse404Error:
    if value in POST_API_WEBHOOKS_ID_TEST_RESPONSE_404_ERROR_VALUES:
        return cast(PostApiWebhooksIdTestResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_WEBHOOKS_ID_TEST_RESPONSE_404_ERROR_VALUES!r}"
    )

from typing import Literal, cast

PostApiWebhooksIdTestResponse500Error = Literal["internal_error"]

POST_API_WEBHOOKS_ID_TEST_RESPONSE_500_ERROR_VALUES: set[
    PostApiWebhooksIdTestResponse500Error
] = {
    "internal_error",
}


def check_post_api_webhooks_id_test_response_500_error(
    value: str,
) -> PostApiWebhooksIdTestResponse500Error:
    if value in POST_API_WEBHOOKS_ID_TEST_RESPONSE_500_ERROR_VALUES:
        return cast(PostApiWebhooksIdTestResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_WEBHOOKS_ID_TEST_RESPONSE_500_ERROR_VALUES!r}"
    )

from typing import Literal, cast

PostApiWebhooksIdTestResponse503Error = Literal["service_unavailable"]

POST_API_WEBHOOKS_ID_TEST_RESPONSE_503_ERROR_VALUES: set[
    PostApiWebhooksIdTestResponse503Error
] = {
    "service_unavailable",
}


def check_post_api_webhooks_id_test_response_503_error(
    value: str,
) -> PostApiWebhooksIdTestResponse503Error:
    if value in POST_API_WEBHOOKS_ID_TEST_RESPONSE_503_ERROR_VALUES:
        return cast(PostApiWebhooksIdTestResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_WEBHOOKS_ID_TEST_RESPONSE_503_ERROR_VALUES!r}"
    )

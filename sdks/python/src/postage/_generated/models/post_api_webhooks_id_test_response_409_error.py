from typing import Literal, cast

PostApiWebhooksIdTestResponse409Error = Literal["webhook_inactive"]

POST_API_WEBHOOKS_ID_TEST_RESPONSE_409_ERROR_VALUES: set[
    PostApiWebhooksIdTestResponse409Error
] = {
    "webhook_inactive",
}


def check_post_api_webhooks_id_test_response_409_error(
    value: str,
) -> PostApiWebhooksIdTestResponse409Error:
    if value in POST_API_WEBHOOKS_ID_TEST_RESPONSE_409_ERROR_VALUES:
        return cast(PostApiWebhooksIdTestResponse409Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_WEBHOOKS_ID_TEST_RESPONSE_409_ERROR_VALUES!r}"
    )

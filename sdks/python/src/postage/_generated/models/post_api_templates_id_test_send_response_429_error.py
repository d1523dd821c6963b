from typing import Literal, cast

PostApiTemplatesIdTestSendResponse429Error = Literal["usage_limit_exceeded"]

POST_API_TEMPLATES_ID_TEST_SEND_RESPONSE_429_ERROR_VALUES: set[
    PostApiTemplatesIdTestSendResponse429Error
] = {
    "usage_limit_exceeded",
}


def check_post_api_templates_id_test_send_response_429_error(
    value: str,
) -> PostApiTemplatesIdTestSendResponse429Error:
    if value in POST_API_TEMPLATES_ID_TEST_SEND_RESPONSE_429_ERROR_VALUES:
        return cast(PostApiTemplatesIdTestSendResponse429Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_TEMPLATES_ID_TEST_SEND_RESPONSE_429_ERROR_VALUES!r}"
    )

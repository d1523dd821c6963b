from typing import Literal, cast

PostApiTemplatesIdTestSendResponse422Error = Literal["recipient_suppressed"]

POST_API_TEMPLATES_ID_TEST_SEND_RESPONSE_422_ERROR_VALUES: set[
    PostApiTemplatesIdTestSendResponse422Error
] = {
    "recipient_suppressed",
}


def check_post_api_templates_id_test_send_response_422_error(
    value: str,
) -> PostApiTemplatesIdTestSendResponse422Error:
    if value in POST_API_TEMPLATES_ID_TEST_SEND_RESPONSE_422_ERROR_VALUES:
        return cast(PostApiTemplatesIdTestSendResponse422Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_TEMPLATES_ID_TEST_SEND_RESPONSE_422_ERROR_VALUES!r}"
    )

from typing import Literal, cast

PostApiTemplatesIdTestSendResponse500Error = Literal["internal_error"]

POST_API_TEMPLATES_ID_TEST_SEND_RESPONSE_500_ERROR_VALUES: set[
    PostApiTemplatesIdTestSendResponse500Error
] = {
    "internal_error",
}


def check_post_api_templates_id_test_send_response_500_error(
    value: str,
) -> PostApiTemplatesIdTestSendResponse500Error:
    if value in POST_API_TEMPLATES_ID_TEST_SEND_RESPONSE_500_ERROR_VALUES:
        return cast(PostApiTemplatesIdTestSendResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_TEMPLATES_ID_TEST_SEND_RESPONSE_500_ERROR_VALUES!r}"
    )

from typing import Literal, cast

PostApiTemplatesIdTestSendResponse404Error = Literal["not_found"]

POST_API_TEMPLATES_ID_TEST_SEND_RESPONSE_404_ERROR_VALUES: set[
    PostApiTemplatesIdTestSendResponse404Error
] = {
    "not_found",
}


def check_post_api_templates_id_test_send_response_404_error(
    value: str,
) -> PostApiTemplatesIdTestSendResponse404Error:
    if value in POST_API_TEMPLATES_ID_TEST_SEND_RESPONSE_404_ERROR_VALUES:
        return cast(PostApiTemplatesIdTestSendResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_TEMPLATES_ID_TEST_SEND_RESPONSE_404_ERROR_VALUES!r}"
    )

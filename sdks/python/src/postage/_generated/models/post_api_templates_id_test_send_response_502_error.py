from typing import Literal, cast

PostApiTemplatesIdTestSendResponse502Error = Literal[
    "attachment_upload_failed", "queue_error"
]

POST_API_TEMPLATES_ID_TEST_SEND_RESPONSE_502_ERROR_VALUES: set[
    PostApiTemplatesIdTestSendResponse502Error
] = {
    "attachment_upload_failed",
    "queue_error",
}


def check_post_api_templates_id_test_send_response_502_error(
    value: str,
) -> PostApiTemplatesIdTestSendResponse502Error:
    if value in POST_API_TEMPLATES_ID_TEST_SEND_RESPONSE_502_ERROR_VALUES:
        return cast(PostApiTemplatesIdTestSendResponse502Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_TEMPLATES_ID_TEST_SEND_RESPONSE_502_ERROR_VALUES!r}"
    )

from typing import Literal, cast

PostApiTemplatesIdTestSendResponse503Error = Literal[
    "byoc_not_configured", "service_unavailable"
]

POST_API_TEMPLATES_ID_TEST_SEND_RESPONSE_503_ERROR_VALUES: set[
    PostApiTemplatesIdTestSendResponse503Error
] = {
    "byoc_not_configured",
    "service_unavailable",
}


def check_post_api_templates_id_test_send_response_503_error(
    value: str,
) -> PostApiTemplatesIdTestSendResponse503Error:
    if value in POST_API_TEMPLATES_ID_TEST_SEND_RESPONSE_503_ERROR_VALUES:
        return cast(PostApiTemplatesIdTestSendResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_TEMPLATES_ID_TEST_SEND_RESPONSE_503_ERROR_VALUES!r}"
    )

from typing import Literal, cast

PostApiTemplatesIdTestSendResponse403Error = Literal[
    "csrf_token_invalid",
    "dkim_not_verified",
    "domain_mode_mismatch",
    "domain_not_allowed",
    "domain_not_registered",
    "domain_not_verified",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
    "sending_suspended",
    "unauthorized",
]

POST_API_TEMPLATES_ID_TEST_SEND_RESPONSE_403_ERROR_VALUES: set[
    PostApiTemplatesIdTestSendResponse403Error
] = {
    "csrf_token_invalid",
    "dkim_not_verified",
    "domain_mode_mismatch",
    "domain_not_allowed",
    "domain_not_registered",
    "domain_not_verified",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
    "sending_suspended",
    "unauthorized",
}


def check_post_api_templates_id_test_send_response_403_error(
    value: str,
) -> PostApiTemplatesIdTestSendResponse403Error:
    if value in POST_API_TEMPLATES_ID_TEST_SEND_RESPONSE_403_ERROR_VALUES:
        return cast(PostApiTemplatesIdTestSendResponse403Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_TEMPLATES_ID_TEST_SEND_RESPONSE_403_ERROR_VALUES!r}"
    )

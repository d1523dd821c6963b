from typing import Literal, cast

PostApiEmailsMessageIdCancelResponse403Error = Literal[
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
]

POST_API_EMAILS_MESSAGE_ID_CANCEL_RESPONSE_403_ERROR_VALUES: set[
    PostApiEmailsMessageIdCancelResponse403Error
] = {
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
}


def check_post_api_emails_message_id_cancel_response_403_error(
    value: str,
) -> PostApiEmailsMessageIdCancelResponse403Error:
    if value in POST_API_EMAILS_MESSAGE_ID_CANCEL_RESPONSE_403_ERROR_VALUES:
        return cast(PostApiEmailsMessageIdCancelResponse403Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_EMAILS_MESSAGE_ID_CANCEL_RESPONSE_403_ERROR_VALUES!r}"
    )

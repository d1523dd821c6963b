from typing import Literal, cast

GetApiEmailsMessageIdResponse403Error = Literal[
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
]

GET_API_EMAILS_MESSAGE_ID_RESPONSE_403_ERROR_VALUES: set[
    GetApiEmailsMessageIdResponse403Error
] = {
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
}


def check_get_api_emails_message_id_response_403_error(
    value: str,
) -> GetApiEmailsMessageIdResponse403Error:
    if value in GET_API_EMAILS_MESSAGE_ID_RESPONSE_403_ERROR_VALUES:
        return cast(GetApiEmailsMessageIdResponse403Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_EMAILS_MESSAGE_ID_RESPONSE_403_ERROR_VALUES!r}"
    )

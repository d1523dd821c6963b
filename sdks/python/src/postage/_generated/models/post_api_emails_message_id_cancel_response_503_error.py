from typing import Literal, cast

PostApiEmailsMessageIdCancelResponse503Error = Literal["service_unavailable"]

POST_API_EMAILS_MESSAGE_ID_CANCEL_RESPONSE_503_ERROR_VALUES: set[
    PostApiEmailsMessageIdCancelResponse503Error
] = {
    "service_unavailable",
}


def check_post_api_emails_message_id_cancel_response_503_error(
    value: str,
) -> PostApiEmailsMessageIdCancelResponse503Error:
    if value in POST_API_EMAILS_MESSAGE_ID_CANCEL_RESPONSE_503_ERROR_VALUES:
        return cast(PostApiEmailsMessageIdCancelResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_EMAILS_MESSAGE_ID_CANCEL_RESPONSE_503_ERROR_VALUES!r}"
    )

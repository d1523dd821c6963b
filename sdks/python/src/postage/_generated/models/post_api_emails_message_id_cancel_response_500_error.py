from typing import Literal, cast

PostApiEmailsMessageIdCancelResponse500Error = Literal["internal_error"]

POST_API_EMAILS_MESSAGE_ID_CANCEL_RESPONSE_500_ERROR_VALUES: set[
    PostApiEmailsMessageIdCancelResponse500Error
] = {
    "internal_error",
}


def check_post_api_emails_message_id_cancel_response_500_error(
    value: str,
) -> PostApiEmailsMessageIdCancelResponse500Error:
    if value in POST_API_EMAILS_MESSAGE_ID_CANCEL_RESPONSE_500_ERROR_VALUES:
        return cast(PostApiEmailsMessageIdCancelResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_EMAILS_MESSAGE_ID_CANCEL_RESPONSE_500_ERROR_VALUES!r}"
    )

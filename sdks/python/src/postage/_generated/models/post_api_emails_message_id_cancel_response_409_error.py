from typing import Literal, cast

PostApiEmailsMessageIdCancelResponse409Error = Literal["not_scheduled"]

POST_API_EMAILS_MESSAGE_ID_CANCEL_RESPONSE_409_ERROR_VALUES: set[
    PostApiEmailsMessageIdCancelResponse409Error
] = {
    "not_scheduled",
}


def check_post_api_emails_message_id_cancel_response_409_error(
    value: str,
) -> PostApiEmailsMessageIdCancelResponse409Error:
    if value in POST_API_EMAILS_MESSAGE_ID_CANCEL_RESPONSE_409_ERROR_VALUES:
        return cast(PostApiEmailsMessageIdCancelResponse409Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_EMAILS_MESSAGE_ID_CANCEL_RESPONSE_409_ERROR_VALUES!r}"
    )

from typing import Literal, cast

PostApiEmailsMessageIdCancelResponse404Error = Literal["not_found"]

POST_API_EMAILS_MESSAGE_ID_CANCEL_RESPONSE_404_ERROR_VALUES: set[
    PostApiEmailsMessageIdCancelResponse404Error
] = {
    "not_found",
}


def check_post_api_emails_message_id_cancel_response_404_error(
    value: str,
) -> PostApiEmailsMessageIdCancelResponse404Error:
    if value in POST_API_EMAILS_MESSAGE_ID_CANCEL_RESPONSE_404_ERROR_VALUES:
        return cast(PostApiEmailsMessageIdCancelResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_EMAILS_MESSAGE_ID_CANCEL_RESPONSE_404_ERROR_VALUES!r}"
    )

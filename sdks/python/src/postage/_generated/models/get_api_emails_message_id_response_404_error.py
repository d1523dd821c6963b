from typing import Literal, cast

GetApiEmailsMessageIdResponse404Error = Literal["not_found"]

GET_API_EMAILS_MESSAGE_ID_RESPONSE_404_ERROR_VALUES: set[
    GetApiEmailsMessageIdResponse404Error
] = {
    "not_found",
}


def check_get_api_emails_message_id_response_404_error(
    value: str,
) -> GetApiEmailsMessageIdResponse404Error:
    if value in GET_API_EMAILS_MESSAGE_ID_RESPONSE_404_ERROR_VALUES:
        return cast(GetApiEmailsMessageIdResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_EMAILS_MESSAGE_ID_RESPONSE_404_ERROR_VALUES!r}"
    )

from typing import Literal, cast

GetApiEmailsMessageIdResponse500Error = Literal["internal_error"]

GET_API_EMAILS_MESSAGE_ID_RESPONSE_500_ERROR_VALUES: set[
    GetApiEmailsMessageIdResponse500Error
] = {
    "internal_error",
}


def check_get_api_emails_message_id_response_500_error(
    value: str,
) -> GetApiEmailsMessageIdResponse500Error:
    if value in GET_API_EMAILS_MESSAGE_ID_RESPONSE_500_ERROR_VALUES:
        return cast(GetApiEmailsMessageIdResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_EMAILS_MESSAGE_ID_RESPONSE_500_ERROR_VALUES!r}"
    )

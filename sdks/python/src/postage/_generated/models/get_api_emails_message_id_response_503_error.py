from typing import Literal, cast

GetApiEmailsMessageIdResponse503Error = Literal["service_unavailable"]

GET_API_EMAILS_MESSAGE_ID_RESPONSE_503_ERROR_VALUES: set[
    GetApiEmailsMessageIdResponse503Error
] = {
    "service_unavailable",
}


def check_get_api_emails_message_id_response_503_error(
    value: str,
) -> GetApiEmailsMessageIdResponse503Error:
    if value in GET_API_EMAILS_MESSAGE_ID_RESPONSE_503_ERROR_VALUES:
        return cast(GetApiEmailsMessageIdResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_EMAILS_MESSAGE_ID_RESPONSE_503_ERROR_VALUES!r}"
    )

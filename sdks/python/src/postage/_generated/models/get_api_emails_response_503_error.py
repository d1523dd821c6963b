from typing import Literal, cast

GetApiEmailsResponse503Error = Literal["service_unavailable"]

GET_API_EMAILS_RESPONSE_503_ERROR_VALUES: set[GetApiEmailsResponse503Error] = {
    "service_unavailable",
}


def check_get_api_emails_response_503_error(value: str) -> GetApiEmailsResponse503Error:
    if value in GET_API_EMAILS_RESPONSE_503_ERROR_VALUES:
        return cast(GetApiEmailsResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_EMAILS_RESPONSE_503_ERROR_VALUES!r}"
    )

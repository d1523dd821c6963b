from typing import Literal, cast

GetApiEmailsResponse500Error = Literal["internal_error"]

GET_API_EMAILS_RESPONSE_500_ERROR_VALUES: set[GetApiEmailsResponse500Error] = {
    "internal_error",
}


def check_get_api_emails_response_500_error(value: str) -> GetApiEmailsResponse500Error:
    if value in GET_API_EMAILS_RESPONSE_500_ERROR_VALUES:
        return cast(GetApiEmailsResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_EMAILS_RESPONSE_500_ERROR_VALUES!r}"
    )

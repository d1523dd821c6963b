from typing import Literal, cast

GetApiEmailsResponse404Error = Literal["not_found"]

GET_API_EMAILS_RESPONSE_404_ERROR_VALUES: set[GetApiEmailsResponse404Error] = {
    "not_found",
}


def check_get_api_emails_response_404_error(value: str) -> GetApiEmailsResponse404Error:
    if value in GET_API_EMAILS_RESPONSE_404_ERROR_VALUES:
        return cast(GetApiEmailsResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_EMAILS_RESPONSE_404_ERROR_VALUES!r}"
    )

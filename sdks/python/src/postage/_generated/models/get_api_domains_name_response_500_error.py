from typing import Literal, cast

GetApiDomainsNameResponse500Error = Literal["internal_error"]

GET_API_DOMAINS_NAME_RESPONSE_500_ERROR_VALUES: set[
    GetApiDomainsNameResponse500Error
] = {
    "internal_error",
}


def check_get_api_domains_name_response_500_error(
    value: str,
) -> GetApiDomainsNameResponse500Error:
    if value in GET_API_DOMAINS_NAME_RESPONSE_500_ERROR_VALUES:
        return cast(GetApiDomainsNameResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_DOMAINS_NAME_RESPONSE_500_ERROR_VALUES!r}"
    )

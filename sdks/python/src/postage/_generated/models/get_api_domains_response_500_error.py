from typing import Literal, cast

GetApiDomainsResponse500Error = Literal["internal_error"]

GET_API_DOMAINS_RESPONSE_500_ERROR_VALUES: set[GetApiDomainsResponse500Error] = {
    "internal_error",
}


def check_get_api_domains_response_500_error(
    value: str,
) -> GetApiDomainsResponse500Error:
    if value in GET_API_DOMAINS_RESPONSE_500_ERROR_VALUES:
        return cast(GetApiDomainsResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_DOMAINS_RESPONSE_500_ERROR_VALUES!r}"
    )

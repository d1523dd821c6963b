from typing import Literal, cast

GetApiDomainsNameResponse503Error = Literal["service_unavailable"]

GET_API_DOMAINS_NAME_RESPONSE_503_ERROR_VALUES: set[
    GetApiDomainsNameResponse503Error
] = {
    "service_unavailable",
}


def check_get_api_domains_name_response_503_error(
    value: str,
) -> GetApiDomainsNameResponse503Error:
    if value in GET_API_DOMAINS_NAME_RESPONSE_503_ERROR_VALUES:
        return cast(GetApiDomainsNameResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_DOMAINS_NAME_RESPONSE_503_ERROR_VALUES!r}"
    )

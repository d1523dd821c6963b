from typing import Literal, cast

GetApiDomainsResponse503Error = Literal["service_unavailable"]

GET_API_DOMAINS_RESPONSE_503_ERROR_VALUES: set[GetApiDomainsResponse503Error] = {
    "service_unavailable",
}


def check_get_api_domains_response_503_error(
    value: str,
) -> GetApiDomainsResponse503Error:
    if value in GET_API_DOMAINS_RESPONSE_503_ERROR_VALUES:
        return cast(GetApiDomainsResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_DOMAINS_RESPONSE_503_ERROR_VALUES!r}"
    )

from typing import Literal, cast

GetApiDomainsResponse404Error = Literal["not_found"]

GET_API_DOMAINS_RESPONSE_404_ERROR_VALUES: set[GetApiDomainsResponse404Error] = {
    "not_found",
}


def check_get_api_domains_response_404_error(
    value: str,
) -> GetApiDomainsResponse404Error:
    if value in GET_API_DOMAINS_RESPONSE_404_ERROR_VALUES:
        return cast(GetApiDomainsResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_DOMAINS_RESPONSE_404_ERROR_VALUES!r}"
    )

from typing import Literal, cast

GetApiDomainsNameResponse404Error = Literal["not_found"]

GET_API_DOMAINS_NAME_RESPONSE_404_ERROR_VALUES: set[
    GetApiDomainsNameResponse404Error
] = {
    "not_found",
}


def check_get_api_domains_name_response_404_error(
    value: str,
) -> GetApiDomainsNameResponse404Error:
    if value in GET_API_DOMAINS_NAME_RESPONSE_404_ERROR_VALUES:
        return cast(GetApiDomainsNameResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_DOMAINS_NAME_RESPONSE_404_ERROR_VALUES!r}"
    )

from typing import Literal, cast

DeleteApiDomainsNameResponse503Error = Literal["service_unavailable"]

DELETE_API_DOMAINS_NAME_RESPONSE_503_ERROR_VALUES: set[
    DeleteApiDomainsNameResponse503Error
] = {
    "service_unavailable",
}


def check_delete_api_domains_name_response_503_error(
    value: str,
) -> DeleteApiDomainsNameResponse503Error:
    if value in DELETE_API_DOMAINS_NAME_RESPONSE_503_ERROR_VALUES:
        return cast(DeleteApiDomainsNameResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_API_DOMAINS_NAME_RESPONSE_503_ERROR_VALUES!r}"
    )

from typing import Literal, cast

DeleteApiDomainsNameResponse404Error = Literal["not_found"]

DELETE_API_DOMAINS_NAME_RESPONSE_404_ERROR_VALUES: set[
    DeleteApiDomainsNameResponse404Error
] = {
    "not_found",
}


def check_delete_api_domains_name_response_404_error(
    value: str,
) -> DeleteApiDomainsNameResponse404Error:
    if value in DELETE_API_DOMAINS_NAME_RESPONSE_404_ERROR_VALUES:
        return cast(DeleteApiDomainsNameResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_API_DOMAINS_NAME_RESPONSE_404_ERROR_VALUES!r}"
    )

from typing import Literal, cast

DeleteApiDomainsNameResponse500Error = Literal["internal_error"]

DELETE_API_DOMAINS_NAME_RESPONSE_500_ERROR_VALUES: set[
    DeleteApiDomainsNameResponse500Error
] = {
    "internal_error",
}


def check_delete_api_domains_name_response_500_error(
    value: str,
) -> DeleteApiDomainsNameResponse500Error:
    if value in DELETE_API_DOMAINS_NAME_RESPONSE_500_ERROR_VALUES:
        return cast(DeleteApiDomainsNameResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_API_DOMAINS_NAME_RESPONSE_500_ERROR_VALUES!r}"
    )

from typing import Literal, cast

DeleteApiDomainsNameResponse403Error = Literal[
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
]

DELETE_API_DOMAINS_NAME_RESPONSE_403_ERROR_VALUES: set[
    DeleteApiDomainsNameResponse403Error
] = {
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
}


def check_delete_api_domains_name_response_403_error(
    value: str,
) -> DeleteApiDomainsNameResponse403Error:
    if value in DELETE_API_DOMAINS_NAME_RESPONSE_403_ERROR_VALUES:
        return cast(DeleteApiDomainsNameResponse403Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_API_DOMAINS_NAME_RESPONSE_403_ERROR_VALUES!r}"
    )

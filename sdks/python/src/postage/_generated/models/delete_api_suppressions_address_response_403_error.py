from typing import Literal, cast

DeleteApiSuppressionsAddressResponse403Error = Literal[
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
]

DELETE_API_SUPPRESSIONS_ADDRESS_RESPONSE_403_ERROR_VALUES: set[
    DeleteApiSuppressionsAddressResponse403Error
] = {
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
}


def check_delete_api_suppressions_address_response_403_error(
    value: str,
) -> DeleteApiSuppressionsAddressResponse403Error:
    if value in DELETE_API_SUPPRESSIONS_ADDRESS_RESPONSE_403_ERROR_VALUES:
        return cast(DeleteApiSuppressionsAddressResponse403Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_API_SUPPRESSIONS_ADDRESS_RESPONSE_403_ERROR_VALUES!r}"
    )

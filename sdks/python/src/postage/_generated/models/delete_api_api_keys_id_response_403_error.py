from typing import Literal, cast

DeleteApiApiKeysIdResponse403Error = Literal[
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
]

DELETE_API_API_KEYS_ID_RESPONSE_403_ERROR_VALUES: set[
    DeleteApiApiKeysIdResponse403Error
] = {
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
}


def check_delete_api_api_keys_id_response_403_error(
    value: str,
) -> DeleteApiApiKeysIdResponse403Error:
    if value in DELETE_API_API_KEYS_ID_RESPONSE_403_ERROR_VALUES:
        return cast(DeleteApiApiKeysIdResponse403Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_API_API_KEYS_ID_RESPONSE_403_ERROR_VALUES!r}"
    )

from typing import Literal, cast

PutApiByocResponse403Error = Literal[
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
]

PUT_API_BYOC_RESPONSE_403_ERROR_VALUES: set[PutApiByocResponse403Error] = {
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
}


def check_put_api_byoc_response_403_error(value: str) -> PutApiByocResponse403Error:
    if value in PUT_API_BYOC_RESPONSE_403_ERROR_VALUES:
        return cast(PutApiByocResponse403Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PUT_API_BYOC_RESPONSE_403_ERROR_VALUES!r}"
    )

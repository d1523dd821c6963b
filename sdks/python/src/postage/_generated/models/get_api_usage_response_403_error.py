from typing import Literal, cast

GetApiUsageResponse403Error = Literal[
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
]

GET_API_USAGE_RESPONSE_403_ERROR_VALUES: set[GetApiUsageResponse403Error] = {
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
}


def check_get_api_usage_response_403_error(value: str) -> GetApiUsageResponse403Error:
    if value in GET_API_USAGE_RESPONSE_403_ERROR_VALUES:
        return cast(GetApiUsageResponse403Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_USAGE_RESPONSE_403_ERROR_VALUES!r}"
    )

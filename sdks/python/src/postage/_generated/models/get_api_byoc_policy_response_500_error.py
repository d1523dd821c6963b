from typing import Literal, cast

GetApiByocPolicyResponse500Error = Literal["internal_error"]

GET_API_BYOC_POLICY_RESPONSE_500_ERROR_VALUES: set[GetApiByocPolicyResponse500Error] = {
    "internal_error",
}


def check_get_api_byoc_policy_response_500_error(
    value: str,
) -> GetApiByocPolicyResponse500Error:
    if value in GET_API_BYOC_POLICY_RESPONSE_500_ERROR_VALUES:
        return cast(GetApiByocPolicyResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_BYOC_POLICY_RESPONSE_500_ERROR_VALUES!r}"
    )

from typing import Literal, cast

GetApiByocPolicyResponse503Error = Literal["service_unavailable"]

GET_API_BYOC_POLICY_RESPONSE_503_ERROR_VALUES: set[GetApiByocPolicyResponse503Error] = {
    "service_unavailable",
}


def check_get_api_byoc_policy_response_503_error(
    value: str,
) -> GetApiByocPolicyResponse503Error:
    if value in GET_API_BYOC_POLICY_RESPONSE_503_ERROR_VALUES:
        return cast(GetApiByocPolicyResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_BYOC_POLICY_RESPONSE_503_ERROR_VALUES!r}"
    )

from typing import Literal, cast

GetApiByocPolicyResponse404Error = Literal["not_found"]

GET_API_BYOC_POLICY_RESPONSE_404_ERROR_VALUES: set[GetApiByocPolicyResponse404Error] = {
    "not_found",
}


def check_get_api_byoc_policy_response_404_error(
    value: str,
) -> GetApiByocPolicyResponse404Error:
    if value in GET_API_BYOC_POLICY_RESPONSE_404_ERROR_VALUES:
        return cast(GetApiByocPolicyResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_BYOC_POLICY_RESPONSE_404_ERROR_VALUES!r}"
    )

from typing import Literal, cast

GetApiByocCloudformationResponse503Error = Literal["service_unavailable"]

GET_API_BYOC_CLOUDFORMATION_RESPONSE_503_ERROR_VALUES: set[
    GetApiByocCloudformationResponse503Error
] = {
    "service_unavailable",
}


def check_get_api_byoc_cloudformation_response_503_error(
    value: str,
) -> GetApiByocCloudformationResponse503Error:
    if value in GET_API_BYOC_CLOUDFORMATION_RESPONSE_503_ERROR_VALUES:
        return cast(GetApiByocCloudformationResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_BYOC_CLOUDFORMATION_RESPONSE_503_ERROR_VALUES!r}"
    )

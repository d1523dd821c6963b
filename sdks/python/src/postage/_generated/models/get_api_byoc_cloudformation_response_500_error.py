from typing import Literal, cast

GetApiByocCloudformationResponse500Error = Literal["internal_error"]

GET_API_BYOC_CLOUDFORMATION_RESPONSE_500_ERROR_VALUES: set[
    GetApiByocCloudformationResponse500Error
] = {
    "internal_error",
}


def check_get_api_byoc_cloudformation_response_500_error(
    value: str,
) -> GetApiByocCloudformationResponse500Error:
    if value in GET_API_BYOC_CLOUDFORMATION_RESPONSE_500_ERROR_VALUES:
        return cast(GetApiByocCloudformationResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_BYOC_CLOUDFORMATION_RESPONSE_500_ERROR_VALUES!r}"
    )

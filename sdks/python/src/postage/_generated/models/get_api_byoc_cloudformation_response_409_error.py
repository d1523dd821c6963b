from typing import Literal, cast

GetApiByocCloudformationResponse409Error = Literal["byoc_setup_required"]

GET_API_BYOC_CLOUDFORMATION_RESPONSE_409_ERROR_VALUES: set[
    GetApiByocCloudformationResponse409Error
] = {
    "byoc_setup_required",
}


def check_get_api_byoc_cloudformation_response_409_error(
    value: str,
) -> GetApiByocCloudformationResponse409Error:
    if value in GET_API_BYOC_CLOUDFORMATION_RESPONSE_409_ERROR_VALUES:
        return cast(GetApiByocCloudformationResponse409Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_BYOC_CLOUDFORMATION_RESPONSE_409_ERROR_VALUES!r}"
    )

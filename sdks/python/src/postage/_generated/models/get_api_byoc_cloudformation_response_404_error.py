from typing import Literal, cast

GetApiByocCloudformationResponse404Error = Literal["not_found"]

GET_API_BYOC_CLOUDFORMATION_RESPONSE_404_ERROR_VALUES: set[
    GetApiByocCloudformationResponse404Error
] = {
    "not_found",
}


def check_get_api_byoc_cloudformation_response_404_error(
    value: str,
) -> GetApiByocCloudformationResponse404Error:
    if value in GET_API_BYOC_CLOUDFORMATION_RESPONSE_404_ERROR_VALUES:
        return cast(GetApiByocCloudformationResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_BYOC_CLOUDFORMATION_RESPONSE_404_ERROR_VALUES!r}"
    )

from typing import Literal, cast

GetApiUsageResponse500Error = Literal["internal_error"]

GET_API_USAGE_RESPONSE_500_ERROR_VALUES: set[GetApiUsageResponse500Error] = {
    "internal_error",
}


def check_get_api_usage_response_500_error(value: str) -> GetApiUsageResponse500Error:
    if value in GET_API_USAGE_RESPONSE_500_ERROR_VALUES:
        return cast(GetApiUsageResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_USAGE_RESPONSE_500_ERROR_VALUES!r}"
    )

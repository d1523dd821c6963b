from typing import Literal, cast

GetApiUsageResponse503Error = Literal["service_unavailable"]

GET_API_USAGE_RESPONSE_503_ERROR_VALUES: set[GetApiUsageResponse503Error] = {
    "service_unavailable",
}


def check_get_api_usage_response_503_error(value: str) -> GetApiUsageResponse503Error:
    if value in GET_API_USAGE_RESPONSE_503_ERROR_VALUES:
        return cast(GetApiUsageResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_USAGE_RESPONSE_503_ERROR_VALUES!r}"
    )

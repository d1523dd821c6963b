from typing import Literal, cast

GetApiUsageResponse404Error = Literal["not_found"]

GET_API_USAGE_RESPONSE_404_ERROR_VALUES: set[GetApiUsageResponse404Error] = {
    "not_found",
}


def check_get_api_usage_response_404_error(value: str) -> GetApiUsageResponse404Error:
    if value in GET_API_USAGE_RESPONSE_404_ERROR_VALUES:
        return cast(GetApiUsageResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_USAGE_RESPONSE_404_ERROR_VALUES!r}"
    )

from typing import Literal, cast

GetApiByocResponse503Error = Literal["service_unavailable"]

GET_API_BYOC_RESPONSE_503_ERROR_VALUES: set[GetApiByocResponse503Error] = {
    "service_unavailable",
}


def check_get_api_byoc_response_503_error(value: str) -> GetApiByocResponse503Error:
    if value in GET_API_BYOC_RESPONSE_503_ERROR_VALUES:
        return cast(GetApiByocResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_BYOC_RESPONSE_503_ERROR_VALUES!r}"
    )

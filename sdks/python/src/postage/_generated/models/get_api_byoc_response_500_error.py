from typing import Literal, cast

GetApiByocResponse500Error = Literal["internal_error"]

GET_API_BYOC_RESPONSE_500_ERROR_VALUES: set[GetApiByocResponse500Error] = {
    "internal_error",
}


def check_get_api_byoc_response_500_error(value: str) -> GetApiByocResponse500Error:
    if value in GET_API_BYOC_RESPONSE_500_ERROR_VALUES:
        return cast(GetApiByocResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_BYOC_RESPONSE_500_ERROR_VALUES!r}"
    )

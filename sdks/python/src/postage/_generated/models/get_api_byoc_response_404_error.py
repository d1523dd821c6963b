from typing import Literal, cast

GetApiByocResponse404Error = Literal["not_found"]

GET_API_BYOC_RESPONSE_404_ERROR_VALUES: set[GetApiByocResponse404Error] = {
    "not_found",
}


def check_get_api_byoc_response_404_error(value: str) -> GetApiByocResponse404Error:
    if value in GET_API_BYOC_RESPONSE_404_ERROR_VALUES:
        return cast(GetApiByocResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_BYOC_RESPONSE_404_ERROR_VALUES!r}"
    )

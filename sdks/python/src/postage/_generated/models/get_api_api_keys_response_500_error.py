from typing import Literal, cast

GetApiApiKeysResponse500Error = Literal["internal_error"]

GET_API_API_KEYS_RESPONSE_500_ERROR_VALUES: set[GetApiApiKeysResponse500Error] = {
    "internal_error",
}


def check_get_api_api_keys_response_500_error(
    value: str,
) -> GetApiApiKeysResponse500Error:
    if value in GET_API_API_KEYS_RESPONSE_500_ERROR_VALUES:
        return cast(GetApiApiKeysResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_API_KEYS_RESPONSE_500_ERROR_VALUES!r}"
    )

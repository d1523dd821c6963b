from typing import Literal, cast

GetApiApiKeysResponse503Error = Literal["service_unavailable"]

GET_API_API_KEYS_RESPONSE_503_ERROR_VALUES: set[GetApiApiKeysResponse503Error] = {
    "service_unavailable",
}


def check_get_api_api_keys_response_503_error(
    value: str,
) -> GetApiApiKeysResponse503Error:
    if value in GET_API_API_KEYS_RESPONSE_503_ERROR_VALUES:
        return cast(GetApiApiKeysResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_API_KEYS_RESPONSE_503_ERROR_VALUES!r}"
    )

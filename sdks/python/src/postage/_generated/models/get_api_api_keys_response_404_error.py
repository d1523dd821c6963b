from typing import Literal, cast

GetApiApiKeysResponse404Error = Literal["not_found"]

GET_API_API_KEYS_RESPONSE_404_ERROR_VALUES: set[GetApiApiKeysResponse404Error] = {
    "not_found",
}


def check_get_api_api_keys_response_404_error(
    value: str,
) -> GetApiApiKeysResponse404Error:
    if value in GET_API_API_KEYS_RESPONSE_404_ERROR_VALUES:
        return cast(GetApiApiKeysResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_API_KEYS_RESPONSE_404_ERROR_VALUES!r}"
    )

from typing import Literal, cast

DeleteApiApiKeysIdResponse500Error = Literal["internal_error"]

DELETE_API_API_KEYS_ID_RESPONSE_500_ERROR_VALUES: set[
    DeleteApiApiKeysIdResponse500Error
] = {
    "internal_error",
}


def check_delete_api_api_keys_id_response_500_error(
    value: str,
) -> DeleteApiApiKeysIdResponse500Error:
    if value in DELETE_API_API_KEYS_ID_RESPONSE_500_ERROR_VALUES:
        return cast(DeleteApiApiKeysIdResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_API_API_KEYS_ID_RESPONSE_500_ERROR_VALUES!r}"
    )

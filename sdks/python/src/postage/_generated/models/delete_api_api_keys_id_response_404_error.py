from typing import Literal, cast

DeleteApiApiKeysIdResponse404Error = Literal["not_found"]

DELETE_API_API_KEYS_ID_RESPONSE_404_ERROR_VALUES: set[
    DeleteApiApiKeysIdResponse404Error
] = {
    "not_found",
}


def check_delete_api_api_keys_id_response_404_error(
    value: str,
) -> DeleteApiApiKeysIdResponse404Error:
    if value in DELETE_API_API_KEYS_ID_RESPONSE_404_ERROR_VALUES:
        return cast(DeleteApiApiKeysIdResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_API_API_KEYS_ID_RESPONSE_404_ERROR_VALUES!r}"
    )

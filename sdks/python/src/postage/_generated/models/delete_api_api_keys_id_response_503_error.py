from typing import Literal, cast

DeleteApiApiKeysIdResponse503Error = Literal["service_unavailable"]

DELETE_API_API_KEYS_ID_RESPONSE_503_ERROR_VALUES: set[
    DeleteApiApiKeysIdResponse503Error
] = {
    "service_unavailable",
}


def check_delete_api_api_keys_id_response_503_error(
    value: str,
) -> DeleteApiApiKeysIdResponse503Error:
    if value in DELETE_API_API_KEYS_ID_RESPONSE_503_ERROR_VALUES:
        return cast(DeleteApiApiKeysIdResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_API_API_KEYS_ID_RESPONSE_503_ERROR_VALUES!r}"
    )

from typing import Literal, cast

CreateApiKeyRequestPermission = Literal["full_access", "sending"]

CREATE_API_KEY_REQUEST_PERMISSION_VALUES: set[CreateApiKeyRequestPermission] = {
    "full_access",
    "sending",
}


def check_create_api_key_request_permission(
    value: str,
) -> CreateApiKeyRequestPermission:
    if value in CREATE_API_KEY_REQUEST_PERMISSION_VALUES:
        return cast(CreateApiKeyRequestPermission, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_API_KEY_REQUEST_PERMISSION_VALUES!r}"
    )

from typing import Literal, cast

ApiKeyPermission = Literal["full_access", "sending"]

API_KEY_PERMISSION_VALUES: set[ApiKeyPermission] = {
    "full_access",
    "sending",
}


def check_api_key_permission(value: str) -> ApiKeyPermission:
    if value in API_KEY_PERMISSION_VALUES:
        return cast(ApiKeyPermission, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {API_KEY_PERMISSION_VALUES!r}"
    )

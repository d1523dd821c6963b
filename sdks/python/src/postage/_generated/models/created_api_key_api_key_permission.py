from typing import Literal, cast

CreatedApiKeyApiKeyPermission = Literal["full_access", "sending"]

CREATED_API_KEY_API_KEY_PERMISSION_VALUES: set[CreatedApiKeyApiKeyPermission] = {
    "full_access",
    "sending",
}


def check_created_api_key_api_key_permission(
    value: str,
) -> CreatedApiKeyApiKeyPermission:
    if value in CREATED_API_KEY_API_KEY_PERMISSION_VALUES:
        return cast(CreatedApiKeyApiKeyPermission, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATED_API_KEY_API_KEY_PERMISSION_VALUES!r}"
    )

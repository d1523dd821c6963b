from typing import Literal, cast

ApiKeyListApiKeysItemPermission = Literal["full_access", "sending"]

API_KEY_LIST_API_KEYS_ITEM_PERMISSION_VALUES: set[ApiKeyListApiKeysItemPermission] = {
    "full_access",
    "sending",
}


def check_api_key_list_api_keys_item_permission(
    value: str,
) -> ApiKeyListApiKeysItemPermission:
    if value in API_KEY_LIST_API_KEYS_ITEM_PERMISSION_VALUES:
        return cast(ApiKeyListApiKeysItemPermission, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {API_KEY_LIST_API_KEYS_ITEM_PERMISSION_VALUES!r}"
    )

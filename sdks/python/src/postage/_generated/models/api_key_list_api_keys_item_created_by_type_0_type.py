from typing import Literal, cast

ApiKeyListApiKeysItemCreatedByType0Type = Literal["cli", "key", "system", "user"]

API_KEY_LIST_API_KEYS_ITEM_CREATED_BY_TYPE_0_TYPE_VALUES: set[
    ApiKeyListApiKeysItemCreatedByType0Type
] = {
    "cli",
    "key",
    "system",
    "user",
}


def check_api_key_list_api_keys_item_created_by_type_0_type(
    value: str,
) -> ApiKeyListApiKeysItemCreatedByType0Type:
    if value in API_KEY_LIST_API_KEYS_ITEM_CREATED_BY_TYPE_0_TYPE_VALUES:
        return cast(ApiKeyListApiKeysItemCreatedByType0Type, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {API_KEY_LIST_API_KEYS_ITEM_CREATED_BY_TYPE_0_TYPE_VALUES!r}"
    )

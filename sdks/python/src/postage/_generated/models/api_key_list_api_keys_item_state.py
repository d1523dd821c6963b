from typing import Literal, cast

ApiKeyListApiKeysItemState = Literal["active", "expired", "revoked"]

API_KEY_LIST_API_KEYS_ITEM_STATE_VALUES: set[ApiKeyListApiKeysItemState] = {
    "active",
    "expired",
    "revoked",
}


def check_api_key_list_api_keys_item_state(value: str) -> ApiKeyListApiKeysItemState:
    if value in API_KEY_LIST_API_KEYS_ITEM_STATE_VALUES:
        return cast(ApiKeyListApiKeysItemState, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {API_KEY_LIST_API_KEYS_ITEM_STATE_VALUES!r}"
    )

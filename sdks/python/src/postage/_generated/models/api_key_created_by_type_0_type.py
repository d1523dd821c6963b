from typing import Literal, cast

ApiKeyCreatedByType0Type = Literal["cli", "key", "system", "user"]

API_KEY_CREATED_BY_TYPE_0_TYPE_VALUES: set[ApiKeyCreatedByType0Type] = {
    "cli",
    "key",
    "system",
    "user",
}


def check_api_key_created_by_type_0_type(value: str) -> ApiKeyCreatedByType0Type:
    if value in API_KEY_CREATED_BY_TYPE_0_TYPE_VALUES:
        return cast(ApiKeyCreatedByType0Type, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {API_KEY_CREATED_BY_TYPE_0_TYPE_VALUES!r}"
    )

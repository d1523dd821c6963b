from typing import Literal, cast

CreatedApiKeyApiKeyCreatedByType0Type = Literal["cli", "key", "system", "user"]

CREATED_API_KEY_API_KEY_CREATED_BY_TYPE_0_TYPE_VALUES: set[
    CreatedApiKeyApiKeyCreatedByType0Type
] = {
    "cli",
    "key",
    "system",
    "user",
}


def check_created_api_key_api_key_created_by_type_0_type(
    value: str,
) -> CreatedApiKeyApiKeyCreatedByType0Type:
    if value in CREATED_API_KEY_API_KEY_CREATED_BY_TYPE_0_TYPE_VALUES:
        return cast(CreatedApiKeyApiKeyCreatedByType0Type, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATED_API_KEY_API_KEY_CREATED_BY_TYPE_0_TYPE_VALUES!r}"
    )

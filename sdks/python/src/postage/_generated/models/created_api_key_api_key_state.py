from typing import Literal, cast

CreatedApiKeyApiKeyState = Literal["active", "expired", "revoked"]

CREATED_API_KEY_API_KEY_STATE_VALUES: set[CreatedApiKeyApiKeyState] = {
    "active",
    "expired",
    "revoked",
}


def check_created_api_key_api_key_state(value: str) -> CreatedApiKeyApiKeyState:
    if value in CREATED_API_KEY_API_KEY_STATE_VALUES:
        return cast(CreatedApiKeyApiKeyState, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATED_API_KEY_API_KEY_STATE_VALUES!r}"
    )

from typing import Literal, cast

ApiKeyState = Literal["active", "expired", "revoked"]

API_KEY_STATE_VALUES: set[ApiKeyState] = {
    "active",
    "expired",
    "revoked",
}


def check_api_key_state(value: str) -> ApiKeyState:
    if value in API_KEY_STATE_VALUES:
        return cast(ApiKeyState, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {API_KEY_STATE_VALUES!r}"
    )

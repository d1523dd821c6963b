from typing import Literal, cast

SendResponseMode = Literal["byoc", "shared"]

SEND_RESPONSE_MODE_VALUES: set[SendResponseMode] = {
    "byoc",
    "shared",
}


def check_send_response_mode(value: str) -> SendResponseMode:
    if value in SEND_RESPONSE_MODE_VALUES:
        return cast(SendResponseMode, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEND_RESPONSE_MODE_VALUES!r}"
    )

from typing import Literal, cast

SendResponse503Error = Literal["byoc_not_configured", "service_unavailable"]

SEND_RESPONSE_503_ERROR_VALUES: set[SendResponse503Error] = {
    "byoc_not_configured",
    "service_unavailable",
}


def check_send_response_503_error(value: str) -> SendResponse503Error:
    if value in SEND_RESPONSE_503_ERROR_VALUES:
        return cast(SendResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEND_RESPONSE_503_ERROR_VALUES!r}"
    )

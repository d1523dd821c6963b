from typing import Literal, cast

MeResponse503Error = Literal["service_unavailable"]

ME_RESPONSE_503_ERROR_VALUES: set[MeResponse503Error] = {
    "service_unavailable",
}


def check_me_response_503_error(value: str) -> MeResponse503Error:
    if value in ME_RESPONSE_503_ERROR_VALUES:
        return cast(MeResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ME_RESPONSE_503_ERROR_VALUES!r}"
    )

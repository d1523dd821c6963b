from typing import Literal, cast

MeResponse500Error = Literal["internal_error"]

ME_RESPONSE_500_ERROR_VALUES: set[MeResponse500Error] = {
    "internal_error",
}


def check_me_response_500_error(value: str) -> MeResponse500Error:
    if value in ME_RESPONSE_500_ERROR_VALUES:
        return cast(MeResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ME_RESPONSE_500_ERROR_VALUES!r}"
    )

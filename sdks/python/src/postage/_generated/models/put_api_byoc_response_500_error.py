from typing import Literal, cast

PutApiByocResponse500Error = Literal["internal_error"]

PUT_API_BYOC_RESPONSE_500_ERROR_VALUES: set[PutApiByocResponse500Error] = {
    "internal_error",
}


def check_put_api_byoc_response_500_error(value: str) -> PutApiByocResponse500Error:
    if value in PUT_API_BYOC_RESPONSE_500_ERROR_VALUES:
        return cast(PutApiByocResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PUT_API_BYOC_RESPONSE_500_ERROR_VALUES!r}"
    )

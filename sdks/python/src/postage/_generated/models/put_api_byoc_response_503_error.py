from typing import Literal, cast

PutApiByocResponse503Error = Literal["service_unavailable"]

PUT_API_BYOC_RESPONSE_503_ERROR_VALUES: set[PutApiByocResponse503Error] = {
    "service_unavailable",
}


def check_put_api_byoc_response_503_error(value: str) -> PutApiByocResponse503Error:
    if value in PUT_API_BYOC_RESPONSE_503_ERROR_VALUES:
        return cast(PutApiByocResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PUT_API_BYOC_RESPONSE_503_ERROR_VALUES!r}"
    )

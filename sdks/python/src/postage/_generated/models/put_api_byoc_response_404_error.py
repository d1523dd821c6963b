from typing import Literal, cast

PutApiByocResponse404Error = Literal["not_found"]

PUT_API_BYOC_RESPONSE_404_ERROR_VALUES: set[PutApiByocResponse404Error] = {
    "not_found",
}


def check_put_api_byoc_response_404_error(value: str) -> PutApiByocResponse404Error:
    if value in PUT_API_BYOC_RESPONSE_404_ERROR_VALUES:
        return cast(PutApiByocResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PUT_API_BYOC_RESPONSE_404_ERROR_VALUES!r}"
    )

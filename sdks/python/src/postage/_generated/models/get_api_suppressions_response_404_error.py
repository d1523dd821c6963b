from typing import Literal, cast

GetApiSuppressionsResponse404Error = Literal["not_found"]

GET_API_SUPPRESSIONS_RESPONSE_404_ERROR_VALUES: set[
    GetApiSuppressionsResponse404Error
] = {
    "not_found",
}


def check_get_api_suppressions_response_404_error(
    value: str,
) -> GetApiSuppressionsResponse404Error:
    if value in GET_API_SUPPRESSIONS_RESPONSE_404_ERROR_VALUES:
        return cast(GetApiSuppressionsResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_SUPPRESSIONS_RESPONSE_404_ERROR_VALUES!r}"
    )

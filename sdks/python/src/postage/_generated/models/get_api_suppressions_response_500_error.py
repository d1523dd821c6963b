from typing import Literal, cast

GetApiSuppressionsResponse500Error = Literal["internal_error"]

GET_API_SUPPRESSIONS_RESPONSE_500_ERROR_VALUES: set[
    GetApiSuppressionsResponse500Error
] = {
    "internal_error",
}


def check_get_api_suppressions_response_500_error(
    value: str,
) -> GetApiSuppressionsResponse500Error:
    if value in GET_API_SUPPRESSIONS_RESPONSE_500_ERROR_VALUES:
        return cast(GetApiSuppressionsResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_SUPPRESSIONS_RESPONSE_500_ERROR_VALUES!r}"
    )

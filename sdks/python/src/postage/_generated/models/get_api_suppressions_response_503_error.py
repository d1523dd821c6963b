from typing import Literal, cast

GetApiSuppressionsResponse503Error = Literal["service_unavailable"]

GET_API_SUPPRESSIONS_RESPONSE_503_ERROR_VALUES: set[
    GetApiSuppressionsResponse503Error
] = {
    "service_unavailable",
}


def check_get_api_suppressions_response_503_error(
    value: str,
) -> GetApiSuppressionsResponse503Error:
    if value in GET_API_SUPPRESSIONS_RESPONSE_503_ERROR_VALUES:
        return cast(GetApiSuppressionsResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_SUPPRESSIONS_RESPONSE_503_ERROR_VALUES!r}"
    )

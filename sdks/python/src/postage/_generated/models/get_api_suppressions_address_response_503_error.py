from typing import Literal, cast

GetApiSuppressionsAddressResponse503Error = Literal["service_unavailable"]

GET_API_SUPPRESSIONS_ADDRESS_RESPONSE_503_ERROR_VALUES: set[
    GetApiSuppressionsAddressResponse503Error
] = {
    "service_unavailable",
}


def check_get_api_suppressions_address_response_503_error(
    value: str,
) -> GetApiSuppressionsAddressResponse503Error:
    if value in GET_API_SUPPRESSIONS_ADDRESS_RESPONSE_503_ERROR_VALUES:
        return cast(GetApiSuppressionsAddressResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_SUPPRESSIONS_ADDRESS_RESPONSE_503_ERROR_VALUES!r}"
    )

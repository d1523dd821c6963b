from typing import Literal, cast

GetApiSuppressionsAddressResponse500Error = Literal["internal_error"]

GET_API_SUPPRESSIONS_ADDRESS_RESPONSE_500_ERROR_VALUES: set[
    GetApiSuppressionsAddressResponse500Error
] = {
    "internal_error",
}


def check_get_api_suppressions_address_response_500_error(
    value: str,
) -> GetApiSuppressionsAddressResponse500Error:
    if value in GET_API_SUPPRESSIONS_ADDRESS_RESPONSE_500_ERROR_VALUES:
        return cast(GetApiSuppressionsAddressResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_SUPPRESSIONS_ADDRESS_RESPONSE_500_ERROR_VALUES!r}"
    )

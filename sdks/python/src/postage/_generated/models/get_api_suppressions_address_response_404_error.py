from typing import Literal, cast

GetApiSuppressionsAddressResponse404Error = Literal["not_found"]

GET_API_SUPPRESSIONS_ADDRESS_RESPONSE_404_ERROR_VALUES: set[
    GetApiSuppressionsAddressResponse404Error
] = {
    "not_found",
}


def check_get_api_suppressions_address_response_404_error(
    value: str,
) -> GetApiSuppressionsAddressResponse404Error:
    if value in GET_API_SUPPRESSIONS_ADDRESS_RESPONSE_404_ERROR_VALUES:
        return cast(GetApiSuppressionsAddressResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_SUPPRESSIONS_ADDRESS_RESPONSE_404_ERROR_VALUES!r}"
    )

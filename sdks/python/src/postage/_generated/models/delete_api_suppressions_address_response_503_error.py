from typing import Literal, cast

DeleteApiSuppressionsAddressResponse503Error = Literal["service_unavailable"]

DELETE_API_SUPPRESSIONS_ADDRESS_RESPONSE_503_ERROR_VALUES: set[
    DeleteApiSuppressionsAddressResponse503Error
] = {
    "service_unavailable",
}


def check_delete_api_suppressions_address_response_503_error(
    value: str,
) -> DeleteApiSuppressionsAddressResponse503Error:
    if value in DELETE_API_SUPPRESSIONS_ADDRESS_RESPONSE_503_ERROR_VALUES:
        return cast(DeleteApiSuppressionsAddressResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_API_SUPPRESSIONS_ADDRESS_RESPONSE_503_ERROR_VALUES!r}"
    )

from typing import Literal, cast

DeleteApiSuppressionsAddressResponse500Error = Literal["internal_error"]

DELETE_API_SUPPRESSIONS_ADDRESS_RESPONSE_500_ERROR_VALUES: set[
    DeleteApiSuppressionsAddressResponse500Error
] = {
    "internal_error",
}


def check_delete_api_suppressions_address_response_500_error(
    value: str,
) -> DeleteApiSuppressionsAddressResponse500Error:
    if value in DELETE_API_SUPPRESSIONS_ADDRESS_RESPONSE_500_ERROR_VALUES:
        return cast(DeleteApiSuppressionsAddressResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_API_SUPPRESSIONS_ADDRESS_RESPONSE_500_ERROR_VALUES!r}"
    )

from typing import Literal, cast

DeleteApiSuppressionsAddressResponse404Error = Literal["not_found"]

DELETE_API_SUPPRESSIONS_ADDRESS_RESPONSE_404_ERROR_VALUES: set[
    DeleteApiSuppressionsAddressResponse404Error
] = {
    "not_found",
}


def check_delete_api_suppressions_address_response_404_error(
    value: str,
) -> DeleteApiSuppressionsAddressResponse404Error:
    if value in DELETE_API_SUPPRESSIONS_ADDRESS_RESPONSE_404_ERROR_VALUES:
        return cast(DeleteApiSuppressionsAddressResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_API_SUPPRESSIONS_ADDRESS_RESPONSE_404_ERROR_VALUES!r}"
    )

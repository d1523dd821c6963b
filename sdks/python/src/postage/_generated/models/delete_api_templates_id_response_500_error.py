from typing import Literal, cast

DeleteApiTemplatesIdResponse500Error = Literal["internal_error"]

DELETE_API_TEMPLATES_ID_RESPONSE_500_ERROR_VALUES: set[
    DeleteApiTemplatesIdResponse500Error
] = {
    "internal_error",
}


def check_delete_api_templates_id_response_500_error(
    value: str,
) -> DeleteApiTemplatesIdResponse500Error:
    if value in DELETE_API_TEMPLATES_ID_RESPONSE_500_ERROR_VALUES:
        return cast(DeleteApiTemplatesIdResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_API_TEMPLATES_ID_RESPONSE_500_ERROR_VALUES!r}"
    )

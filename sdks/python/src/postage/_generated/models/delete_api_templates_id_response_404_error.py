from typing import Literal, cast

DeleteApiTemplatesIdResponse404Error = Literal["not_found"]

DELETE_API_TEMPLATES_ID_RESPONSE_404_ERROR_VALUES: set[
    DeleteApiTemplatesIdResponse404Error
] = {
    "not_found",
}


def check_delete_api_templates_id_response_404_error(
    value: str,
) -> DeleteApiTemplatesIdResponse404Error:
    if value in DELETE_API_TEMPLATES_ID_RESPONSE_404_ERROR_VALUES:
        return cast(DeleteApiTemplatesIdResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_API_TEMPLATES_ID_RESPONSE_404_ERROR_VALUES!r}"
    )

from typing import Literal, cast

DeleteApiTemplatesIdResponse409Error = Literal["template_in_use"]

DELETE_API_TEMPLATES_ID_RESPONSE_409_ERROR_VALUES: set[
    DeleteApiTemplatesIdResponse409Error
] = {
    "template_in_use",
}


def check_delete_api_templates_id_response_409_error(
    value: str,
) -> DeleteApiTemplatesIdResponse409Error:
    if value in DELETE_API_TEMPLATES_ID_RESPONSE_409_ERROR_VALUES:
        return cast(DeleteApiTemplatesIdResponse409Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_API_TEMPLATES_ID_RESPONSE_409_ERROR_VALUES!r}"
    )

from typing import Literal, cast

DeleteApiTemplatesIdResponse503Error = Literal["service_unavailable"]

DELETE_API_TEMPLATES_ID_RESPONSE_503_ERROR_VALUES: set[
    DeleteApiTemplatesIdResponse503Error
] = {
    "service_unavailable",
}


def check_delete_api_templates_id_response_503_error(
    value: str,
) -> DeleteApiTemplatesIdResponse503Error:
    if value in DELETE_API_TEMPLATES_ID_RESPONSE_503_ERROR_VALUES:
        return cast(DeleteApiTemplatesIdResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_API_TEMPLATES_ID_RESPONSE_503_ERROR_VALUES!r}"
    )

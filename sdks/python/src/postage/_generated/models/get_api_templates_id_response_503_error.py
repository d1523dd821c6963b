from typing import Literal, cast

GetApiTemplatesIdResponse503Error = Literal["service_unavailable"]

GET_API_TEMPLATES_ID_RESPONSE_503_ERROR_VALUES: set[
    GetApiTemplatesIdResponse503Error
] = {
    "service_unavailable",
}


def check_get_api_templates_id_response_503_error(
    value: str,
) -> GetApiTemplatesIdResponse503Error:
    if value in GET_API_TEMPLATES_ID_RESPONSE_503_ERROR_VALUES:
        return cast(GetApiTemplatesIdResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_TEMPLATES_ID_RESPONSE_503_ERROR_VALUES!r}"
    )

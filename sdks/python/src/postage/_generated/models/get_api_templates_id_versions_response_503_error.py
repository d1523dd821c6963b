from typing import Literal, cast

GetApiTemplatesIdVersionsResponse503Error = Literal["service_unavailable"]

GET_API_TEMPLATES_ID_VERSIONS_RESPONSE_503_ERROR_VALUES: set[
    GetApiTemplatesIdVersionsResponse503Error
] = {
    "service_unavailable",
}


def check_get_api_templates_id_versions_response_503_error(
    value: str,
) -> GetApiTemplatesIdVersionsResponse503Error:
    if value in GET_API_TEMPLATES_ID_VERSIONS_RESPONSE_503_ERROR_VALUES:
        return cast(GetApiTemplatesIdVersionsResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_TEMPLATES_ID_VERSIONS_RESPONSE_503_ERROR_VALUES!r}"
    )

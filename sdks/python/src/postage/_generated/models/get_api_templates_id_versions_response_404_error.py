from typing import Literal, cast

GetApiTemplatesIdVersionsResponse404Error = Literal["not_found"]

GET_API_TEMPLATES_ID_VERSIONS_RESPONSE_404_ERROR_VALUES: set[
    GetApiTemplatesIdVersionsResponse404Error
] = {
    "not_found",
}


def check_get_api_templates_id_versions_response_404_error(
    value: str,
) -> GetApiTemplatesIdVersionsResponse404Error:
    if value in GET_API_TEMPLATES_ID_VERSIONS_RESPONSE_404_ERROR_VALUES:
        return cast(GetApiTemplatesIdVersionsResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_TEMPLATES_ID_VERSIONS_RESPONSE_404_ERROR_VALUES!r}"
    )

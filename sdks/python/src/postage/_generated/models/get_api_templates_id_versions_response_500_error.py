from typing import Literal, cast

GetApiTemplatesIdVersionsResponse500Error = Literal["internal_error"]

GET_API_TEMPLATES_ID_VERSIONS_RESPONSE_500_ERROR_VALUES: set[
    GetApiTemplatesIdVersionsResponse500Error
] = {
    "internal_error",
}


def check_get_api_templates_id_versions_response_500_error(
    value: str,
) -> GetApiTemplatesIdVersionsResponse500Error:
    if value in GET_API_TEMPLATES_ID_VERSIONS_RESPONSE_500_ERROR_VALUES:
        return cast(GetApiTemplatesIdVersionsResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_TEMPLATES_ID_VERSIONS_RESPONSE_500_ERROR_VALUES!r}"
    )

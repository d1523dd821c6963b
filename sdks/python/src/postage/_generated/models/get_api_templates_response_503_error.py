from typing import Literal, cast

GetApiTemplatesResponse503Error = Literal["service_unavailable"]

GET_API_TEMPLATES_RESPONSE_503_ERROR_VALUES: set[GetApiTemplatesResponse503Error] = {
    "service_unavailable",
}


def check_get_api_templates_response_503_error(
    value: str,
) -> GetApiTemplatesResponse503Error:
    if value in GET_API_TEMPLATES_RESPONSE_503_ERROR_VALUES:
        return cast(GetApiTemplatesResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_TEMPLATES_RESPONSE_503_ERROR_VALUES!r}"
    )

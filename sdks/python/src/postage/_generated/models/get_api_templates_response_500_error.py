from typing import Literal, cast

GetApiTemplatesResponse500Error = Literal["internal_error"]

GET_API_TEMPLATES_RESPONSE_500_ERROR_VALUES: set[GetApiTemplatesResponse500Error] = {
    "internal_error",
}


def check_get_api_templates_response_500_error(
    value: str,
) -> GetApiTemplatesResponse500Error:
    if value in GET_API_TEMPLATES_RESPONSE_500_ERROR_VALUES:
        return cast(GetApiTemplatesResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_TEMPLATES_RESPONSE_500_ERROR_VALUES!r}"
    )

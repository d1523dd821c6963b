from typing import Literal, cast

GetApiTemplatesResponse404Error = Literal["not_found"]

GET_API_TEMPLATES_RESPONSE_404_ERROR_VALUES: set[GetApiTemplatesResponse404Error] = {
    "not_found",
}


def check_get_api_templates_response_404_error(
    value: str,
) -> GetApiTemplatesResponse404Error:
    if value in GET_API_TEMPLATES_RESPONSE_404_ERROR_VALUES:
        return cast(GetApiTemplatesResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_TEMPLATES_RESPONSE_404_ERROR_VALUES!r}"
    )

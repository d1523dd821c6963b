from typing import Literal, cast

GetApiTemplatesIdResponse500Error = Literal["internal_error"]

GET_API_TEMPLATES_ID_RESPONSE_500_ERROR_VALUES: set[
    GetApiTemplatesIdResponse500Error
] = {
    "internal_error",
}


def check_get_api_templates_id_response_500_error(
    value: str,
) -> GetApiTemplatesIdResponse500Error:
    if value in GET_API_TEMPLATES_ID_RESPONSE_500_ERROR_VALUES:
        return cast(GetApiTemplatesIdResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_TEMPLATES_ID_RESPONSE_500_ERROR_VALUES!r}"
    )

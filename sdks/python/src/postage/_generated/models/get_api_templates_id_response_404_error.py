from typing import Literal, cast

GetApiTemplatesIdResponse404Error = Literal["not_found"]

GET_API_TEMPLATES_ID_RESPONSE_404_ERROR_VALUES: set[
    GetApiTemplatesIdResponse404Error
] = {
    "not_found",
}


def check_get_api_templates_id_response_404_error(
    value: str,
) -> GetApiTemplatesIdResponse404Error:
    if value in GET_API_TEMPLATES_ID_RESPONSE_404_ERROR_VALUES:
        return cast(GetApiTemplatesIdResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_TEMPLATES_ID_RESPONSE_404_ERROR_VALUES!r}"
    )

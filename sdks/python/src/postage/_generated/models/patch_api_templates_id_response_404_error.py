from typing import Literal, cast

PatchApiTemplatesIdResponse404Error = Literal["not_found"]

PATCH_API_TEMPLATES_ID_RESPONSE_404_ERROR_VALUES: set[
    PatchApiTemplatesIdResponse404Error
] = {
    "not_found",
}


def check_patch_api_templates_id_response_404_error(
    value: str,
) -> PatchApiTemplatesIdResponse404Error:
    if value in PATCH_API_TEMPLATES_ID_RESPONSE_404_ERROR_VALUES:
        return cast(PatchApiTemplatesIdResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PATCH_API_TEMPLATES_ID_RESPONSE_404_ERROR_VALUES!r}"
    )

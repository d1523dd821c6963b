from typing import Literal, cast

PatchApiTemplatesIdResponse409Error = Literal["template_alias_exists"]

PATCH_API_TEMPLATES_ID_RESPONSE_409_ERROR_VALUES: set[
    PatchApiTemplatesIdResponse409Error
] = {
    "template_alias_exists",
}


def check_patch_api_templates_id_response_409_error(
    value: str,
) -> PatchApiTemplatesIdResponse409Error:
    if value in PATCH_API_TEMPLATES_ID_RESPONSE_409_ERROR_VALUES:
        return cast(PatchApiTemplatesIdResponse409Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PATCH_API_TEMPLATES_ID_RESPONSE_409_ERROR_VALUES!r}"
    )

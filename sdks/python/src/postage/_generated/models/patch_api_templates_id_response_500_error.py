from typing import Literal, cast

PatchApiTemplatesIdResponse500Error = Literal["internal_error"]

PATCH_API_TEMPLATES_ID_RESPONSE_500_ERROR_VALUES: set[
    PatchApiTemplatesIdResponse500Error
] = {
    "internal_error",
}


def check_patch_api_templates_id_response_500_error(
    value: str,
) -> PatchApiTemplatesIdResponse500Error:
    if value in PATCH_API_TEMPLATES_ID_RESPONSE_500_ERROR_VALUES:
        return cast(PatchApiTemplatesIdResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PATCH_API_TEMPLATES_ID_RESPONSE_500_ERROR_VALUES!r}"
    )

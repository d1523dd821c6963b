from typing import Literal, cast

PatchApiTemplatesIdResponse503Error = Literal["service_unavailable"]

PATCH_API_TEMPLATES_ID_RESPONSE_503_ERROR_VALUES: set[
    PatchApiTemplatesIdResponse503Error
] = {
    "service_unavailable",
}


def check_patch_api_templates_id_response_503_error(
    value: str,
) -> PatchApiTemplatesIdResponse503Error:
    if value in PATCH_API_TEMPLATES_ID_RESPONSE_503_ERROR_VALUES:
        return cast(PatchApiTemplatesIdResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PATCH_API_TEMPLATES_ID_RESPONSE_503_ERROR_VALUES!r}"
    )

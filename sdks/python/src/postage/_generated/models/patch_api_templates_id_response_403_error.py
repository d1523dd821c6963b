from typing import Literal, cast

PatchApiTemplatesIdResponse403Error = Literal[
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
]

PATCH_API_TEMPLATES_ID_RESPONSE_403_ERROR_VALUES: set[
    PatchApiTemplatesIdResponse403Error
] = {
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
}


def check_patch_api_templates_id_response_403_error(
    value: str,
) -> PatchApiTemplatesIdResponse403Error:
    if value in PATCH_API_TEMPLATES_ID_RESPONSE_403_ERROR_VALUES:
        return cast(PatchApiTemplatesIdResponse403Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PATCH_API_TEMPLATES_ID_RESPONSE_403_ERROR_VALUES!r}"
    )

from typing import Literal, cast

PostApiTemplatesIdPreviewResponse403Error = Literal[
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
]

POST_API_TEMPLATES_ID_PREVIEW_RESPONSE_403_ERROR_VALUES: set[
    PostApiTemplatesIdPreviewResponse403Error
] = {
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
}


def check_post_api_templates_id_preview_response_403_error(
    value: str,
) -> PostApiTemplatesIdPreviewResponse403Error:
    if value in POST_API_TEMPLATES_ID_PREVIEW_RESPONSE_403_ERROR_VALUES:
        return cast(PostApiTemplatesIdPreviewResponse403Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_TEMPLATES_ID_PREVIEW_RESPONSE_403_ERROR_VALUES!r}"
    )

from typing import Literal, cast

PostApiTemplatesIdPublishResponse403Error = Literal[
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
]

POST_API_TEMPLATES_ID_PUBLISH_RESPONSE_403_ERROR_VALUES: set[
    PostApiTemplatesIdPublishResponse403Error
] = {
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
}


def check_post_api_templates_id_publish_response_403_error(
    value: str,
) -> PostApiTemplatesIdPublishResponse403Error:
    if value in POST_API_TEMPLATES_ID_PUBLISH_RESPONSE_403_ERROR_VALUES:
        return cast(PostApiTemplatesIdPublishResponse403Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_TEMPLATES_ID_PUBLISH_RESPONSE_403_ERROR_VALUES!r}"
    )

from typing import Literal, cast

PostApiByocValidateResponse403Error = Literal[
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
]

POST_API_BYOC_VALIDATE_RESPONSE_403_ERROR_VALUES: set[
    PostApiByocValidateResponse403Error
] = {
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
}


def check_post_api_byoc_validate_response_403_error(
    value: str,
) -> PostApiByocValidateResponse403Error:
    if value in POST_API_BYOC_VALIDATE_RESPONSE_403_ERROR_VALUES:
        return cast(PostApiByocValidateResponse403Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_BYOC_VALIDATE_RESPONSE_403_ERROR_VALUES!r}"
    )

from typing import Literal, cast

PostApiSuppressionsResponse403Error = Literal[
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
]

POST_API_SUPPRESSIONS_RESPONSE_403_ERROR_VALUES: set[
    PostApiSuppressionsResponse403Error
] = {
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
}


def check_post_api_suppressions_response_403_error(
    value: str,
) -> PostApiSuppressionsResponse403Error:
    if value in POST_API_SUPPRESSIONS_RESPONSE_403_ERROR_VALUES:
        return cast(PostApiSuppressionsResponse403Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_SUPPRESSIONS_RESPONSE_403_ERROR_VALUES!r}"
    )

from typing import Literal, cast

PostApiApiKeysResponse403Error = Literal[
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
]

POST_API_API_KEYS_RESPONSE_403_ERROR_VALUES: set[PostApiApiKeysResponse403Error] = {
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
}


def check_post_api_api_keys_response_403_error(
    value: str,
) -> PostApiApiKeysResponse403Error:
    if value in POST_API_API_KEYS_RESPONSE_403_ERROR_VALUES:
        return cast(PostApiApiKeysResponse403Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_API_KEYS_RESPONSE_403_ERROR_VALUES!r}"
    )

from typing import Literal, cast

PostApiDomainsNameVerifyResponse403Error = Literal[
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
]

POST_API_DOMAINS_NAME_VERIFY_RESPONSE_403_ERROR_VALUES: set[
    PostApiDomainsNameVerifyResponse403Error
] = {
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
}


def check_post_api_domains_name_verify_response_403_error(
    value: str,
) -> PostApiDomainsNameVerifyResponse403Error:
    if value in POST_API_DOMAINS_NAME_VERIFY_RESPONSE_403_ERROR_VALUES:
        return cast(PostApiDomainsNameVerifyResponse403Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_DOMAINS_NAME_VERIFY_RESPONSE_403_ERROR_VALUES!r}"
    )

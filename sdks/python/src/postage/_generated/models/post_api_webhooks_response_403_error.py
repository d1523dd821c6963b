from typing import Literal, cast

PostApiWebhooksResponse403Error = Literal[
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
]

POST_API_WEBHOOKS_RESPONSE_403_ERROR_VALUES: set[PostApiWebhooksResponse403Error] = {
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
}


def check_post_api_webhooks_response_403_error(
    value: str,
) -> PostApiWebhooksResponse403Error:
    if value in POST_API_WEBHOOKS_RESPONSE_403_ERROR_VALUES:
        return cast(PostApiWebhooksResponse403Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_WEBHOOKS_RESPONSE_403_ERROR_VALUES!r}"
    )

from typing import Literal, cast

PatchApiWebhooksIdResponse403Error = Literal[
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
]

PATCH_API_WEBHOOKS_ID_RESPONSE_403_ERROR_VALUES: set[
    PatchApiWebhooksIdResponse403Error
] = {
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
}


def check_patch_api_webhooks_id_response_403_error(
    value: str,
) -> PatchApiWebhooksIdResponse403Error:
    if value in PATCH_API_WEBHOOKS_ID_RESPONSE_403_ERROR_VALUES:
        return cast(PatchApiWebhooksIdResponse403Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PATCH_API_WEBHOOKS_ID_RESPONSE_403_ERROR_VALUES!r}"
    )

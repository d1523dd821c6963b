from typing import Literal, cast

PatchApiWebhooksIdResponse500Error = Literal["internal_error"]

PATCH_API_WEBHOOKS_ID_RESPONSE_500_ERROR_VALUES: set[
    PatchApiWebhooksIdResponse500Error
] = {
    "internal_error",
}


def check_patch_api_webhooks_id_response_500_error(
    value: str,
) -> PatchApiWebhooksIdResponse500Error:
    if value in PATCH_API_WEBHOOKS_ID_RESPONSE_500_ERROR_VALUES:
        return cast(PatchApiWebhooksIdResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PATCH_API_WEBHOOKS_ID_RESPONSE_500_ERROR_VALUES!r}"
    )

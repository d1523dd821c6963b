from typing import Literal, cast

PatchApiWebhooksIdResponse503Error = Literal["service_unavailable"]

PATCH_API_WEBHOOKS_ID_RESPONSE_503_ERROR_VALUES: set[
    PatchApiWebhooksIdResponse503Error
] = {
    "service_unavailable",
}


def check_patch_api_webhooks_id_response_503_error(
    value: str,
) -> PatchApiWebhooksIdResponse503Error:
    if value in PATCH_API_WEBHOOKS_ID_RESPONSE_503_ERROR_VALUES:
        return cast(PatchApiWebhooksIdResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PATCH_API_WEBHOOKS_ID_RESPONSE_503_ERROR_VALUES!r}"
    )

from typing import Literal, cast

PatchApiWebhooksIdResponse404Error = Literal["not_found"]

PATCH_API_WEBHOOKS_ID_RESPONSE_404_ERROR_VALUES: set[
    PatchApiWebhooksIdResponse404Error
] = {
    "not_found",
}


def check_patch_api_webhooks_id_response_404_error(
    value: str,
) -> PatchApiWebhooksIdResponse404Error:
    if value in PATCH_API_WEBHOOKS_ID_RESPONSE_404_ERROR_VALUES:
        return cast(PatchApiWebhooksIdResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PATCH_API_WEBHOOKS_ID_RESPONSE_404_ERROR_VALUES!r}"
    )

from typing import Literal, cast

GetApiWebhooksIdDeliveriesResponse403Error = Literal[
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
]

GET_API_WEBHOOKS_ID_DELIVERIES_RESPONSE_403_ERROR_VALUES: set[
    GetApiWebhooksIdDeliveriesResponse403Error
] = {
    "csrf_token_invalid",
    "insufficient_permission",
    "insufficient_role",
    "invitation_wrong_user",
    "no_account",
    "plan_required",
}


def check_get_api_webhooks_id_deliveries_response_403_error(
    value: str,
) -> GetApiWebhooksIdDeliveriesResponse403Error:
    if value in GET_API_WEBHOOKS_ID_DELIVERIES_RESPONSE_403_ERROR_VALUES:
        return cast(GetApiWebhooksIdDeliveriesResponse403Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_WEBHOOKS_ID_DELIVERIES_RESPONSE_403_ERROR_VALUES!r}"
    )

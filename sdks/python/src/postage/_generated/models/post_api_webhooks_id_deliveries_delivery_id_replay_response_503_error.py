from typing import Literal, cast

PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse503Error = Literal[
    "service_unavailable"
]

POST_API_WEBHOOKS_ID_DELIVERIES_DELIVERY_ID_REPLAY_RESPONSE_503_ERROR_VALUES: set[
    PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse503Error
] = {
    "service_unavailable",
}


def check_post_api_webhooks_id_deliveries_delivery_id_replay_response_503_error(
    value: str,
) -> PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse503Error:
    if (
        value
        in POST_API_WEBHOOKS_ID_DELIVERIES_DELIVERY_ID_REPLAY_RESPONSE_503_ERROR_VALUES
    ):
        return cast(PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_WEBHOOKS_ID_DELIVERIES_DELIVERY_ID_REPLAY_RESPONSE_503_ERROR_VALUES!r}"
    )

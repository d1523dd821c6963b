from typing import Literal, cast

PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse409Error = Literal[
    "webhook_inactive"
]

POST_API_WEBHOOKS_ID_DELIVERIES_DELIVERY_ID_REPLAY_RESPONSE_409_ERROR_VALUES: set[
    PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse409Error
] = {
    "webhook_inactive",
}


def check_post_api_webhooks_id_deliveries_delivery_id_replay_response_409_error(
    value: str,
) -> PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse409Error:
    if (
        value
        in POST_API_WEBHOOKS_ID_DELIVERIES_DELIVERY_ID_REPLAY_RESPONSE_409_ERROR_VALUES
    ):
        return cast(PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse409Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_WEBHOOKS_ID_DELIVERIES_DELIVERY_ID_REPLAY_RESPONSE_409_ERROR_VALUES!r}"
    )

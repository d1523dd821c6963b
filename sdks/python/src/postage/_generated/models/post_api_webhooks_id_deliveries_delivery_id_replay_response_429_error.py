from typing import Literal, cast

PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse429Error = Literal[
    "too_many_requests"
]

POST_API_WEBHOOKS_ID_DELIVERIES_DELIVERY_ID_REPLAY_RESPONSE_429_ERROR_VALUES: set[
    PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse429Error
] = {
    "too_many_requests",
}


def check_post_api_webhooks_id_deliveries_delivery_id_replay_response_429_error(
    value: str,
) -> PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse429Error:
    if (
        value
        in POST_API_WEBHOOKS_ID_DELIVERIES_DELIVERY_ID_REPLAY_RESPONSE_429_ERROR_VALUES
    ):
        return cast(PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse429Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_WEBHOOKS_ID_DELIVERIES_DELIVERY_ID_REPLAY_RESPONSE_429_ERROR_VALUES!r}"
    )

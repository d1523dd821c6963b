from typing import Literal, cast

PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse404Error = Literal["not_found"]

POST_API_WEBHOOKS_ID_DELIVERIES_DELIVERY_ID_REPLAY_RESPONSE_404_ERROR_VALUES: set[
    PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse404Error
] = {
    "not_found",
}


def check_post_api_webhooks_id_deliveries_delivery_id_replay_response_404_error(
    value: str,
) -> PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse404Error:
    if (
        value
        in POST_API_WEBHOOKS_ID_DELIVERIES_DELIVERY_ID_REPLAY_RESPONSE_404_ERROR_VALUES
    ):
        return cast(PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_WEBHOOKS_ID_DELIVERIES_DELIVERY_ID_REPLAY_RESPONSE_404_ERROR_VALUES!r}"
    )

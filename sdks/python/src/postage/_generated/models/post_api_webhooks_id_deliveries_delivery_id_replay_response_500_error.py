from typing import Literal, cast

PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse500Error = Literal["internal_error"]

POST_API_WEBHOOKS_ID_DELIVERIES_DELIVERY_ID_REPLAY_RESPONSE_500_ERROR_VALUES: set[
    PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse500Error
] = {
    "internal_error",
}


def check_post_api_webhooks_id_deliveries_delivery_id_replay_response_500_error(
    value: str,
) -> PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse500Error:
    if (
        value
        in POST_API_WEBHOOKS_ID_DELIVERIES_DELIVERY_ID_REPLAY_RESPONSE_500_ERROR_VALUES
    ):
        return cast(PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_WEBHOOKS_ID_DELIVERIES_DELIVERY_ID_REPLAY_RESPONSE_500_ERROR_VALUES!r}"
    )

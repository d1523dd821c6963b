from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.webhook_replay_result_delivery import WebhookReplayResultDelivery
    from ..models.webhook_replay_result_payload import WebhookReplayResultPayload


T = TypeVar("T", bound="WebhookReplayResult")


@_attrs_define
class WebhookReplayResult:
    """
    Attributes:
        delivery (WebhookReplayResultDelivery):
        payload (WebhookReplayResultPayload): The body that was signed and posted again (the same event: the same
            `webhook-id`).
    """

    delivery: "WebhookReplayResultDelivery"
    payload: "WebhookReplayResultPayload"

    def to_dict(self) -> dict[str, Any]:
        delivery = self.delivery.to_dict()

        payload = self.payload.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "delivery": delivery,
                "payload": payload,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_replay_result_delivery import WebhookReplayResultDelivery
        from ..models.webhook_replay_result_payload import WebhookReplayResultPayload

        d = dict(src_dict)
        delivery = WebhookReplayResultDelivery.from_dict(d.pop("delivery"))

        payload = WebhookReplayResultPayload.from_dict(d.pop("payload"))

        webhook_replay_result = cls(
            delivery=delivery,
            payload=payload,
        )

        return webhook_replay_result

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.webhook_list_webhooks_item import WebhookListWebhooksItem


T = TypeVar("T", bound="WebhookList")


@_attrs_define
class WebhookList:
    """
    Attributes:
        webhooks (list['WebhookListWebhooksItem']):
    """

    webhooks: list["WebhookListWebhooksItem"]

    def to_dict(self) -> dict[str, Any]:
        webhooks = []
        for webhooks_item_data in self.webhooks:
            webhooks_item = webhooks_item_data.to_dict()
            webhooks.append(webhooks_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "webhooks": webhooks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_list_webhooks_item import WebhookListWebhooksItem

        d = dict(src_dict)
        webhooks = []
        _webhooks = d.pop("webhooks")
        for webhooks_item_data in _webhooks:
            webhooks_item = WebhookListWebhooksItem.from_dict(webhooks_item_data)

            webhooks.append(webhooks_item)

        webhook_list = cls(
            webhooks=webhooks,
        )

        return webhook_list

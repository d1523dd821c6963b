from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.email_detail_email import EmailDetailEmail
    from ..models.email_detail_timeline_item import EmailDetailTimelineItem
    from ..models.email_detail_webhook_deliveries_item import (
        EmailDetailWebhookDeliveriesItem,
    )


T = TypeVar("T", bound="EmailDetail")


@_attrs_define
class EmailDetail:
    """
    Attributes:
        email (EmailDetailEmail):
        timeline (list['EmailDetailTimelineItem']):
        webhook_deliveries (list['EmailDetailWebhookDeliveriesItem']):
    """

    email: "EmailDetailEmail"
    timeline: list["EmailDetailTimelineItem"]
    webhook_deliveries: list["EmailDetailWebhookDeliveriesItem"]

    def to_dict(self) -> dict[str, Any]:
        email = self.email.to_dict()

        timeline = []
        for timeline_item_data in self.timeline:
            timeline_item = timeline_item_data.to_dict()
            timeline.append(timeline_item)

        webhook_deliveries = []
        for webhook_deliveries_item_data in self.webhook_deliveries:
            webhook_deliveries_item = webhook_deliveries_item_data.to_dict()
            webhook_deliveries.append(webhook_deliveries_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "email": email,
                "timeline": timeline,
                "webhook_deliveries": webhook_deliveries,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.email_detail_email import EmailDetailEmail
        from ..models.email_detail_timeline_item import EmailDetailTimelineItem
        from ..models.email_detail_webhook_deliveries_item import (
            EmailDetailWebhookDeliveriesItem,
        )

        d = dict(src_dict)
        email = EmailDetailEmail.from_dict(d.pop("email"))

        timeline = []
        _timeline = d.pop("timeline")
        for timeline_item_data in _timeline:
            timeline_item = EmailDetailTimelineItem.from_dict(timeline_item_data)

            timeline.append(timeline_item)

        webhook_deliveries = []
        _webhook_deliveries = d.pop("webhook_deliveries")
        for webhook_deliveries_item_data in _webhook_deliveries:
            webhook_deliveries_item = EmailDetailWebhookDeliveriesItem.from_dict(
                webhook_deliveries_item_data
            )

            webhook_deliveries.append(webhook_deliveries_item)

        email_detail = cls(
            email=email,
            timeline=timeline,
            webhook_deliveries=webhook_deliveries,
        )

        return email_detail

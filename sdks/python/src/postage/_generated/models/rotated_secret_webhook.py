import datetime
from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
)

from attrs import define as _attrs_define
from dateutil.parser import isoparse

from ..models.rotated_secret_webhook_events_item import (
    RotatedSecretWebhookEventsItem,
    check_rotated_secret_webhook_events_item,
)

T = TypeVar("T", bound="RotatedSecretWebhook")


@_attrs_define
class RotatedSecretWebhook:
    """
    Attributes:
        id (str):
        url (str):
        events (list[RotatedSecretWebhookEventsItem]):
        active (bool):
        created_at (datetime.datetime):
    """

    id: str
    url: str
    events: list[RotatedSecretWebhookEventsItem]
    active: bool
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        url = self.url

        events = []
        for events_item_data in self.events:
            events_item: str = events_item_data
            events.append(events_item)

        active = self.active

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "url": url,
                "events": events,
                "active": active,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = check_rotated_secret_webhook_events_item(events_item_data)

            events.append(events_item)

        active = d.pop("active")

        created_at = isoparse(d.pop("created_at"))

        rotated_secret_webhook = cls(
            id=id,
            url=url,
            events=events,
            active=active,
            created_at=created_at,
        )

        return rotated_secret_webhook

from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
)

from attrs import define as _attrs_define

from ..models.create_webhook_request_events_item import (
    CreateWebhookRequestEventsItem,
    check_create_webhook_request_events_item,
)

T = TypeVar("T", bound="CreateWebhookRequest")


@_attrs_define
class CreateWebhookRequest:
    """
    Attributes:
        url (str): http or https, without user name or password; its host must resolve to public addresses only (checked
            when saved: 400 on `url`).
        events (list[CreateWebhookRequestEventsItem]):
    """

    url: str
    events: list[CreateWebhookRequestEventsItem]

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events = []
        for events_item_data in self.events:
            events_item: str = events_item_data
            events.append(events_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
                "events": events,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = check_create_webhook_request_events_item(events_item_data)

            events.append(events_item)

        create_webhook_request = cls(
            url=url,
            events=events,
        )

        return create_webhook_request

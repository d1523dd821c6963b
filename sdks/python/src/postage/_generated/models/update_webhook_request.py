from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
    Union,
)

from attrs import define as _attrs_define

from ..models.update_webhook_request_events_item import (
    UpdateWebhookRequestEventsItem,
    check_update_webhook_request_events_item,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateWebhookRequest")


@_attrs_define
class UpdateWebhookRequest:
    """
    Attributes:
        url (Union[Unset, str]): http or https, without user name or password; its host must resolve to public addresses
            only (checked when saved: 400 on `url`).
        events (Union[Unset, list[UpdateWebhookRequestEventsItem]]):
        active (Union[Unset, bool]):
    """

    url: Union[Unset, str] = UNSET
    events: Union[Unset, list[UpdateWebhookRequestEventsItem]] = UNSET
    active: Union[Unset, bool] = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events: Union[Unset, list[str]] = UNSET
        if not isinstance(self.events, Unset):
            events = []
            for events_item_data in self.events:
                events_item: str = events_item_data
                events.append(events_item)

        active = self.active

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if url is not UNSET:
            field_dict["url"] = url
        if events is not UNSET:
            field_dict["events"] = events
        if active is not UNSET:
            field_dict["active"] = active

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url", UNSET)

        _events = d.pop("events", UNSET)
        events: Union[Unset, list[UpdateWebhookRequestEventsItem]] = UNSET
        if not isinstance(_events, Unset):
            events = []
            for events_item_data in _events:
                events_item = check_update_webhook_request_events_item(events_item_data)

                events.append(events_item)

        active = d.pop("active", UNSET)

        update_webhook_request = cls(
            url=url,
            events=events,
            active=active,
        )

        return update_webhook_request

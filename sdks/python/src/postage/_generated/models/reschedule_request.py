import datetime
from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
)

from attrs import define as _attrs_define
from dateutil.parser import isoparse

T = TypeVar("T", bound="RescheduleRequest")


@_attrs_define
class RescheduleRequest:
    """
    Attributes:
        scheduled_at (datetime.datetime): The new time: at most 30 days ahead; a time less than 10 minutes past sends
            the message at once (otherwise a 400 on `scheduled_at`).
    """

    scheduled_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        scheduled_at = self.scheduled_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "scheduled_at": scheduled_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        scheduled_at = isoparse(d.pop("scheduled_at"))

        reschedule_request = cls(
            scheduled_at=scheduled_at,
        )

        return reschedule_request

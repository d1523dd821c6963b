import datetime
from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define
from dateutil.parser import isoparse

from ..models.email_schedule_status import (
    EmailScheduleStatus,
    check_email_schedule_status,
)

T = TypeVar("T", bound="EmailSchedule")


@_attrs_define
class EmailSchedule:
    """
    Attributes:
        message_id (str):
        status (EmailScheduleStatus):
        scheduled_at (Union[None, datetime.datetime]):
    """

    message_id: str
    status: EmailScheduleStatus
    scheduled_at: Union[None, datetime.datetime]

    def to_dict(self) -> dict[str, Any]:
        message_id = self.message_id

        status: str = self.status

        scheduled_at: Union[None, str]
        if isinstance(self.scheduled_at, datetime.datetime):
            scheduled_at = self.scheduled_at.isoformat()
        else:
            scheduled_at = self.scheduled_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "message_id": message_id,
                "status": status,
                "scheduled_at": scheduled_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        message_id = d.pop("message_id")

        status = check_email_schedule_status(d.pop("status"))

        def _parse_scheduled_at(data: object) -> Union[None, datetime.datetime]:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                scheduled_at_type_0 = isoparse(data)

                return scheduled_at_type_0
            except:  # noqa: E722
                pass
            return cast(Union[None, datetime.datetime], data)

        scheduled_at = _parse_scheduled_at(d.pop("scheduled_at"))

        email_schedule = cls(
            message_id=message_id,
            status=status,
            scheduled_at=scheduled_at,
        )

        return email_schedule

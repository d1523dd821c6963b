import datetime
from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define
from dateutil.parser import isoparse

from ..models.email_detail_timeline_item_type import (
    EmailDetailTimelineItemType,
    check_email_detail_timeline_item_type,
)

if TYPE_CHECKING:
    from ..models.email_detail_timeline_item_details import (
        EmailDetailTimelineItemDetails,
    )


T = TypeVar("T", bound="EmailDetailTimelineItem")


@_attrs_define
class EmailDetailTimelineItem:
    """
    Attributes:
        type_ (EmailDetailTimelineItemType): `possible_duplicate`: Postage sent the message to SES again after an
            earlier attempt whose answer was lost (its worker died, or SES did not answer in time): the recipient may get
            two copies (`details.reason`).
        at (datetime.datetime):
        details (EmailDetailTimelineItemDetails): bounce_type/bounce_subtype, reason, smtp_response or
            provider_message_id where they apply.
    """

    type_: EmailDetailTimelineItemType
    at: datetime.datetime
    details: "EmailDetailTimelineItemDetails"

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        at = self.at.isoformat()

        details = self.details.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "at": at,
                "details": details,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.email_detail_timeline_item_details import (
            EmailDetailTimelineItemDetails,
        )

        d = dict(src_dict)
        type_ = check_email_detail_timeline_item_type(d.pop("type"))

        at = isoparse(d.pop("at"))

        details = EmailDetailTimelineItemDetails.from_dict(d.pop("details"))

        email_detail_timeline_item = cls(
            type_=type_,
            at=at,
            details=details,
        )

        return email_detail_timeline_item

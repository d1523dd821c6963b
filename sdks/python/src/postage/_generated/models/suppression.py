import datetime
from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
)

from attrs import define as _attrs_define
from dateutil.parser import isoparse

from ..models.suppression_reason import SuppressionReason, check_suppression_reason

T = TypeVar("T", bound="Suppression")


@_attrs_define
class Suppression:
    """
    Attributes:
        address (str):
        reason (SuppressionReason):
        created_at (datetime.datetime):
    """

    address: str
    reason: SuppressionReason
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        address = self.address

        reason: str = self.reason

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "address": address,
                "reason": reason,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        address = d.pop("address")

        reason = check_suppression_reason(d.pop("reason"))

        created_at = isoparse(d.pop("created_at"))

        suppression = cls(
            address=address,
            reason=reason,
            created_at=created_at,
        )

        return suppression

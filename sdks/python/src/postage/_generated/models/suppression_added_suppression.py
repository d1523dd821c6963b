import datetime
from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
)

from attrs import define as _attrs_define
from dateutil.parser import isoparse

from ..models.suppression_added_suppression_reason import (
    SuppressionAddedSuppressionReason,
    check_suppression_added_suppression_reason,
)

T = TypeVar("T", bound="SuppressionAddedSuppression")


@_attrs_define
class SuppressionAddedSuppression:
    """
    Attributes:
        address (str):
        reason (SuppressionAddedSuppressionReason):
        created_at (datetime.datetime):
    """

    address: str
    reason: SuppressionAddedSuppressionReason
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

        reason = check_suppression_added_suppression_reason(d.pop("reason"))

        created_at = isoparse(d.pop("created_at"))

        suppression_added_suppression = cls(
            address=address,
            reason=reason,
            created_at=created_at,
        )

        return suppression_added_suppression

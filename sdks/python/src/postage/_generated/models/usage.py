from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.usage_allowance import UsageAllowance
    from ..models.usage_days_item import UsageDaysItem
    from ..models.usage_used import UsageUsed


T = TypeVar("T", bound="Usage")


@_attrs_define
class Usage:
    """
    Attributes:
        plan (str): '' without a subscription (the free BYOC plan).
        month (str): YYYY-MM (UTC)
        allowance (UsageAllowance):
        used (UsageUsed):
        days (list['UsageDaysItem']): Every day of the previous and the current UTC month, oldest first.
    """

    plan: str
    month: str
    allowance: "UsageAllowance"
    used: "UsageUsed"
    days: list["UsageDaysItem"]

    def to_dict(self) -> dict[str, Any]:
        plan = self.plan

        month = self.month

        allowance = self.allowance.to_dict()

        used = self.used.to_dict()

        days = []
        for days_item_data in self.days:
            days_item = days_item_data.to_dict()
            days.append(days_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "plan": plan,
                "month": month,
                "allowance": allowance,
                "used": used,
                "days": days,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.usage_allowance import UsageAllowance
        from ..models.usage_days_item import UsageDaysItem
        from ..models.usage_used import UsageUsed

        d = dict(src_dict)
        plan = d.pop("plan")

        month = d.pop("month")

        allowance = UsageAllowance.from_dict(d.pop("allowance"))

        used = UsageUsed.from_dict(d.pop("used"))

        days = []
        _days = d.pop("days")
        for days_item_data in _days:
            days_item = UsageDaysItem.from_dict(days_item_data)

            days.append(days_item)

        usage = cls(
            plan=plan,
            month=month,
            allowance=allowance,
            used=used,
            days=days,
        )

        return usage

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="UsageDaysItem")


@_attrs_define
class UsageDaysItem:
    """
    Attributes:
        day (str): YYYY-MM-DD (UTC)
        byoc (int):
        shared (int):
    """

    day: str
    byoc: int
    shared: int

    def to_dict(self) -> dict[str, Any]:
        day = self.day

        byoc = self.byoc

        shared = self.shared

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "day": day,
                "byoc": byoc,
                "shared": shared,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        day = d.pop("day")

        byoc = d.pop("byoc")

        shared = d.pop("shared")

        usage_days_item = cls(
            day=day,
            byoc=byoc,
            shared=shared,
        )

        return usage_days_item

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="UsageUsed")


@_attrs_define
class UsageUsed:
    """
    Attributes:
        byoc (int):
        shared (int):
    """

    byoc: int
    shared: int

    def to_dict(self) -> dict[str, Any]:
        byoc = self.byoc

        shared = self.shared

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "byoc": byoc,
                "shared": shared,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        byoc = d.pop("byoc")

        shared = d.pop("shared")

        usage_used = cls(
            byoc=byoc,
            shared=shared,
        )

        return usage_used

from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

T = TypeVar("T", bound="Deleted")


@_attrs_define
class Deleted:
    """
    Attributes:
        success (bool):
        warnings (list[str]):
    """

    success: bool
    warnings: list[str]

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        warnings = self.warnings

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "success": success,
                "warnings": warnings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        success = d.pop("success")

        warnings = cast(list[str], d.pop("warnings"))

        deleted = cls(
            success=success,
            warnings=warnings,
        )

        return deleted

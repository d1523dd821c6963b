from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Accepted")


@_attrs_define
class Accepted:
    """
    Attributes:
        success (bool):
        detail (str):
    """

    success: bool
    detail: str

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        detail = self.detail

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "success": success,
                "detail": detail,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        success = d.pop("success")

        detail = d.pop("detail")

        accepted = cls(
            success=success,
            detail=detail,
        )

        return accepted

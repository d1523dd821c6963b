from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

T = TypeVar("T", bound="PlainError")


@_attrs_define
class PlainError:
    """
    Attributes:
        success (Literal[False]):
        detail (str):
    """

    success: Literal[False]
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
        success = cast(Literal[False], d.pop("success"))
        if success != False:
            raise ValueError(f"success must match const False, got '{success}'")

        detail = d.pop("detail")

        plain_error = cls(
            success=success,
            detail=detail,
        )

        return plain_error

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.suppression_added_suppression import SuppressionAddedSuppression


T = TypeVar("T", bound="SuppressionAdded")


@_attrs_define
class SuppressionAdded:
    """
    Attributes:
        suppression (SuppressionAddedSuppression):
        added (bool): False when the address was already suppressed.
    """

    suppression: "SuppressionAddedSuppression"
    added: bool

    def to_dict(self) -> dict[str, Any]:
        suppression = self.suppression.to_dict()

        added = self.added

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "suppression": suppression,
                "added": added,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.suppression_added_suppression import SuppressionAddedSuppression

        d = dict(src_dict)
        suppression = SuppressionAddedSuppression.from_dict(d.pop("suppression"))

        added = d.pop("added")

        suppression_added = cls(
            suppression=suppression,
            added=added,
        )

        return suppression_added

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.suppression_list_suppressions_item import (
        SuppressionListSuppressionsItem,
    )


T = TypeVar("T", bound="SuppressionList")


@_attrs_define
class SuppressionList:
    """
    Attributes:
        suppressions (list['SuppressionListSuppressionsItem']):
        next_cursor (Union[None, str]):
    """

    suppressions: list["SuppressionListSuppressionsItem"]
    next_cursor: Union[None, str]

    def to_dict(self) -> dict[str, Any]:
        suppressions = []
        for suppressions_item_data in self.suppressions:
            suppressions_item = suppressions_item_data.to_dict()
            suppressions.append(suppressions_item)

        next_cursor: Union[None, str]
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "suppressions": suppressions,
                "next_cursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.suppression_list_suppressions_item import (
            SuppressionListSuppressionsItem,
        )

        d = dict(src_dict)
        suppressions = []
        _suppressions = d.pop("suppressions")
        for suppressions_item_data in _suppressions:
            suppressions_item = SuppressionListSuppressionsItem.from_dict(
                suppressions_item_data
            )

            suppressions.append(suppressions_item)

        def _parse_next_cursor(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        suppression_list = cls(
            suppressions=suppressions,
            next_cursor=next_cursor,
        )

        return suppression_list

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
    from ..models.audit_list_entries_item import AuditListEntriesItem


T = TypeVar("T", bound="AuditList")


@_attrs_define
class AuditList:
    """
    Attributes:
        entries (list['AuditListEntriesItem']):
        next_cursor (Union[None, str]):
    """

    entries: list["AuditListEntriesItem"]
    next_cursor: Union[None, str]

    def to_dict(self) -> dict[str, Any]:
        entries = []
        for entries_item_data in self.entries:
            entries_item = entries_item_data.to_dict()
            entries.append(entries_item)

        next_cursor: Union[None, str]
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "entries": entries,
                "next_cursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audit_list_entries_item import AuditListEntriesItem

        d = dict(src_dict)
        entries = []
        _entries = d.pop("entries")
        for entries_item_data in _entries:
            entries_item = AuditListEntriesItem.from_dict(entries_item_data)

            entries.append(entries_item)

        def _parse_next_cursor(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        audit_list = cls(
            entries=entries,
            next_cursor=next_cursor,
        )

        return audit_list

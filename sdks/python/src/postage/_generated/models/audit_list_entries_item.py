import datetime
from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define
from dateutil.parser import isoparse

if TYPE_CHECKING:
    from ..models.audit_list_entries_item_actor import AuditListEntriesItemActor
    from ..models.audit_list_entries_item_details import AuditListEntriesItemDetails


T = TypeVar("T", bound="AuditListEntriesItem")


@_attrs_define
class AuditListEntriesItem:
    """
    Attributes:
        id (str):
        actor (AuditListEntriesItemActor):
        action (str):
        details (AuditListEntriesItemDetails):
        created_at (datetime.datetime):
    """

    id: str
    actor: "AuditListEntriesItemActor"
    action: str
    details: "AuditListEntriesItemDetails"
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        actor = self.actor.to_dict()

        action = self.action

        details = self.details.to_dict()

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "actor": actor,
                "action": action,
                "details": details,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audit_list_entries_item_actor import AuditListEntriesItemActor
        from ..models.audit_list_entries_item_details import AuditListEntriesItemDetails

        d = dict(src_dict)
        id = d.pop("id")

        actor = AuditListEntriesItemActor.from_dict(d.pop("actor"))

        action = d.pop("action")

        details = AuditListEntriesItemDetails.from_dict(d.pop("details"))

        created_at = isoparse(d.pop("created_at"))

        audit_list_entries_item = cls(
            id=id,
            actor=actor,
            action=action,
            details=details,
            created_at=created_at,
        )

        return audit_list_entries_item

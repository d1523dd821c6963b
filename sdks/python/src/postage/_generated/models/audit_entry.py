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
    from ..models.audit_entry_actor import AuditEntryActor
    from ..models.audit_entry_details import AuditEntryDetails


T = TypeVar("T", bound="AuditEntry")


@_attrs_define
class AuditEntry:
    """
    Attributes:
        id (str):
        actor (AuditEntryActor):
        action (str):
        details (AuditEntryDetails):
        created_at (datetime.datetime):
    """

    id: str
    actor: "AuditEntryActor"
    action: str
    details: "AuditEntryDetails"
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
        from ..models.audit_entry_actor import AuditEntryActor
        from ..models.audit_entry_details import AuditEntryDetails

        d = dict(src_dict)
        id = d.pop("id")

        actor = AuditEntryActor.from_dict(d.pop("actor"))

        action = d.pop("action")

        details = AuditEntryDetails.from_dict(d.pop("details"))

        created_at = isoparse(d.pop("created_at"))

        audit_entry = cls(
            id=id,
            actor=actor,
            action=action,
            details=details,
            created_at=created_at,
        )

        return audit_entry

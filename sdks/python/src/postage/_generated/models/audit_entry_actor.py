from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define

from ..models.audit_entry_actor_type import (
    AuditEntryActorType,
    check_audit_entry_actor_type,
)

T = TypeVar("T", bound="AuditEntryActor")


@_attrs_define
class AuditEntryActor:
    """
    Attributes:
        type_ (AuditEntryActorType):
        id (str): A user or key id, the operator name, or the system part.
        name (Union[None, str]):
        email (Union[None, str]):
    """

    type_: AuditEntryActorType
    id: str
    name: Union[None, str]
    email: Union[None, str]

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        id = self.id

        name: Union[None, str]
        name = self.name

        email: Union[None, str]
        email = self.email

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "id": id,
                "name": name,
                "email": email,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = check_audit_entry_actor_type(d.pop("type"))

        id = d.pop("id")

        def _parse_name(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        name = _parse_name(d.pop("name"))

        def _parse_email(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        email = _parse_email(d.pop("email"))

        audit_entry_actor = cls(
            type_=type_,
            id=id,
            name=name,
            email=email,
        )

        return audit_entry_actor

import datetime
from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
)

from attrs import define as _attrs_define
from dateutil.parser import isoparse

from ..models.member_role import MemberRole, check_member_role

T = TypeVar("T", bound="Member")


@_attrs_define
class Member:
    """
    Attributes:
        user_id (str):
        email (str):
        name (str):
        role (MemberRole): viewer < developer < admin < owner (docs/decisions.md, "Teams").
        joined_at (datetime.datetime):
    """

    user_id: str
    email: str
    name: str
    role: MemberRole
    joined_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        email = self.email

        name = self.name

        role: str = self.role

        joined_at = self.joined_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user_id": user_id,
                "email": email,
                "name": name,
                "role": role,
                "joined_at": joined_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        user_id = d.pop("user_id")

        email = d.pop("email")

        name = d.pop("name")

        role = check_member_role(d.pop("role"))

        joined_at = isoparse(d.pop("joined_at"))

        member = cls(
            user_id=user_id,
            email=email,
            name=name,
            role=role,
            joined_at=joined_at,
        )

        return member

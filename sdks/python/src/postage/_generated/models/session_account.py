from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
)

from attrs import define as _attrs_define

from ..models.session_account_role import SessionAccountRole, check_session_account_role

T = TypeVar("T", bound="SessionAccount")


@_attrs_define
class SessionAccount:
    """
    Attributes:
        id (str):
        name (str):
        email (str):
        is_verified (bool):
        current_plan (str): Active plan id; '' without a subscription (the free BYOC plan).
        sending_suspended (bool):
        role (SessionAccountRole): viewer < developer < admin < owner (docs/decisions.md, "Teams").
    """

    id: str
    name: str
    email: str
    is_verified: bool
    current_plan: str
    sending_suspended: bool
    role: SessionAccountRole

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        email = self.email

        is_verified = self.is_verified

        current_plan = self.current_plan

        sending_suspended = self.sending_suspended

        role: str = self.role

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "email": email,
                "is_verified": is_verified,
                "current_plan": current_plan,
                "sending_suspended": sending_suspended,
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        email = d.pop("email")

        is_verified = d.pop("is_verified")

        current_plan = d.pop("current_plan")

        sending_suspended = d.pop("sending_suspended")

        role = check_session_account_role(d.pop("role"))

        session_account = cls(
            id=id,
            name=name,
            email=email,
            is_verified=is_verified,
            current_plan=current_plan,
            sending_suspended=sending_suspended,
            role=role,
        )

        return session_account

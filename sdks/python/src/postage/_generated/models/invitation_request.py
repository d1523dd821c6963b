from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
)

from attrs import define as _attrs_define

from ..models.invitation_request_role import (
    InvitationRequestRole,
    check_invitation_request_role,
)

T = TypeVar("T", bound="InvitationRequest")


@_attrs_define
class InvitationRequest:
    """
    Attributes:
        email (str):
        role (InvitationRequestRole): Not above the inviter’s own role; ownership moves only by transfer.
    """

    email: str
    role: InvitationRequestRole

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        role: str = self.role

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "email": email,
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email")

        role = check_invitation_request_role(d.pop("role"))

        invitation_request = cls(
            email=email,
            role=role,
        )

        return invitation_request

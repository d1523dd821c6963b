import datetime
from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define
from dateutil.parser import isoparse

from ..models.invitation_list_invitations_item_role import (
    InvitationListInvitationsItemRole,
    check_invitation_list_invitations_item_role,
)

if TYPE_CHECKING:
    from ..models.invitation_list_invitations_item_invited_by import (
        InvitationListInvitationsItemInvitedBy,
    )


T = TypeVar("T", bound="InvitationListInvitationsItem")


@_attrs_define
class InvitationListInvitationsItem:
    """
    Attributes:
        id (str):
        email (str):
        role (InvitationListInvitationsItemRole):
        invited_by (InvitationListInvitationsItemInvitedBy):
        created_at (datetime.datetime):
        expires_at (datetime.datetime):
    """

    id: str
    email: str
    role: InvitationListInvitationsItemRole
    invited_by: "InvitationListInvitationsItemInvitedBy"
    created_at: datetime.datetime
    expires_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        email = self.email

        role: str = self.role

        invited_by = self.invited_by.to_dict()

        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "email": email,
                "role": role,
                "invited_by": invited_by,
                "created_at": created_at,
                "expires_at": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.invitation_list_invitations_item_invited_by import (
            InvitationListInvitationsItemInvitedBy,
        )

        d = dict(src_dict)
        id = d.pop("id")

        email = d.pop("email")

        role = check_invitation_list_invitations_item_role(d.pop("role"))

        invited_by = InvitationListInvitationsItemInvitedBy.from_dict(
            d.pop("invited_by")
        )

        created_at = isoparse(d.pop("created_at"))

        expires_at = isoparse(d.pop("expires_at"))

        invitation_list_invitations_item = cls(
            id=id,
            email=email,
            role=role,
            invited_by=invited_by,
            created_at=created_at,
            expires_at=expires_at,
        )

        return invitation_list_invitations_item

import datetime
from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define
from dateutil.parser import isoparse

from ..models.invitation_preview_role import (
    InvitationPreviewRole,
    check_invitation_preview_role,
)

T = TypeVar("T", bound="InvitationPreview")


@_attrs_define
class InvitationPreview:
    """
    Attributes:
        account_name (str):
        email (str): The invited address.
        role (InvitationPreviewRole):
        invited_by (Union[None, str]):
        expires_at (datetime.datetime):
        has_user (bool): true: sign in as the address to accept; false: accept with a new password.
    """

    account_name: str
    email: str
    role: InvitationPreviewRole
    invited_by: Union[None, str]
    expires_at: datetime.datetime
    has_user: bool

    def to_dict(self) -> dict[str, Any]:
        account_name = self.account_name

        email = self.email

        role: str = self.role

        invited_by: Union[None, str]
        invited_by = self.invited_by

        expires_at = self.expires_at.isoformat()

        has_user = self.has_user

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "account_name": account_name,
                "email": email,
                "role": role,
                "invited_by": invited_by,
                "expires_at": expires_at,
                "has_user": has_user,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        account_name = d.pop("account_name")

        email = d.pop("email")

        role = check_invitation_preview_role(d.pop("role"))

        def _parse_invited_by(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        invited_by = _parse_invited_by(d.pop("invited_by"))

        expires_at = isoparse(d.pop("expires_at"))

        has_user = d.pop("has_user")

        invitation_preview = cls(
            account_name=account_name,
            email=email,
            role=role,
            invited_by=invited_by,
            expires_at=expires_at,
            has_user=has_user,
        )

        return invitation_preview

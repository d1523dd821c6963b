from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define

from ..models.invitation_list_invitations_item_invited_by_type import (
    InvitationListInvitationsItemInvitedByType,
    check_invitation_list_invitations_item_invited_by_type,
)

T = TypeVar("T", bound="InvitationListInvitationsItemInvitedBy")


@_attrs_define
class InvitationListInvitationsItemInvitedBy:
    """
    Attributes:
        type_ (InvitationListInvitationsItemInvitedByType):
        id (str): A user or key id, the operator name, or the system part.
        name (Union[None, str]):
        email (Union[None, str]):
    """

    type_: InvitationListInvitationsItemInvitedByType
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
        type_ = check_invitation_list_invitations_item_invited_by_type(d.pop("type"))

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

        invitation_list_invitations_item_invited_by = cls(
            type_=type_,
            id=id,
            name=name,
            email=email,
        )

        return invitation_list_invitations_item_invited_by

from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
    Union,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AcceptInvitationRequest")


@_attrs_define
class AcceptInvitationRequest:
    """
    Attributes:
        token (str): The token of the emailed link; a token that was not issued, is used or expired is a 400 on `token`.
        password (Union[Unset, str]): 10 to 256 characters.
        name (Union[Unset, str]):
    """

    token: str
    password: Union[Unset, str] = UNSET
    name: Union[Unset, str] = UNSET

    def to_dict(self) -> dict[str, Any]:
        token = self.token

        password = self.password

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "token": token,
            }
        )
        if password is not UNSET:
            field_dict["password"] = password
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        token = d.pop("token")

        password = d.pop("password", UNSET)

        name = d.pop("name", UNSET)

        accept_invitation_request = cls(
            token=token,
            password=password,
            name=name,
        )

        return accept_invitation_request

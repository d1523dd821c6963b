from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="InvitationTokenRequest")


@_attrs_define
class InvitationTokenRequest:
    """
    Attributes:
        token (str): The token of the emailed link; a token that was not issued, is used or expired is a 400 on `token`.
    """

    token: str

    def to_dict(self) -> dict[str, Any]:
        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        token = d.pop("token")

        invitation_token_request = cls(
            token=token,
        )

        return invitation_token_request

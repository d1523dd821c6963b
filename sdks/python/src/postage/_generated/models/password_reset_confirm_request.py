from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PasswordResetConfirmRequest")


@_attrs_define
class PasswordResetConfirmRequest:
    """
    Attributes:
        token (str): The token of the emailed link; a token that was not issued, is used or expired is a 400 on `token`.
        password (str): 10 to 256 characters.
    """

    token: str
    password: str

    def to_dict(self) -> dict[str, Any]:
        token = self.token

        password = self.password

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "token": token,
                "password": password,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        token = d.pop("token")

        password = d.pop("password")

        password_reset_confirm_request = cls(
            token=token,
            password=password,
        )

        return password_reset_confirm_request

from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
    Union,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SignupRequest")


@_attrs_define
class SignupRequest:
    """
    Attributes:
        email (str):
        password (str): 10 to 256 characters.
        name (Union[Unset, str]):
    """

    email: str
    password: str
    name: Union[Unset, str] = UNSET

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        password = self.password

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "email": email,
                "password": password,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email")

        password = d.pop("password")

        name = d.pop("name", UNSET)

        signup_request = cls(
            email=email,
            password=password,
            name=name,
        )

        return signup_request

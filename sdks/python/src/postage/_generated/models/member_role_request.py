from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
)

from attrs import define as _attrs_define

from ..models.member_role_request_role import (
    MemberRoleRequestRole,
    check_member_role_request_role,
)

T = TypeVar("T", bound="MemberRoleRequest")


@_attrs_define
class MemberRoleRequest:
    """
    Attributes:
        role (MemberRoleRequestRole): Not above the inviter’s own role; ownership moves only by transfer.
    """

    role: MemberRoleRequestRole

    def to_dict(self) -> dict[str, Any]:
        role: str = self.role

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        role = check_member_role_request_role(d.pop("role"))

        member_role_request = cls(
            role=role,
        )

        return member_role_request

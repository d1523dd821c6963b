from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.removed_member_member import RemovedMemberMember


T = TypeVar("T", bound="RemovedMember")


@_attrs_define
class RemovedMember:
    """
    Attributes:
        member (RemovedMemberMember):
        revoked_keys (list[str]): Prefixes of the API keys the member made, revoked with the removal.
    """

    member: "RemovedMemberMember"
    revoked_keys: list[str]

    def to_dict(self) -> dict[str, Any]:
        member = self.member.to_dict()

        revoked_keys = self.revoked_keys

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "member": member,
                "revoked_keys": revoked_keys,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.removed_member_member import RemovedMemberMember

        d = dict(src_dict)
        member = RemovedMemberMember.from_dict(d.pop("member"))

        revoked_keys = cast(list[str], d.pop("revoked_keys"))

        removed_member = cls(
            member=member,
            revoked_keys=revoked_keys,
        )

        return removed_member

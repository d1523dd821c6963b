from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
)

from attrs import define as _attrs_define

from ..models.session_accounts_item_role import (
    SessionAccountsItemRole,
    check_session_accounts_item_role,
)

T = TypeVar("T", bound="SessionAccountsItem")


@_attrs_define
class SessionAccountsItem:
    """
    Attributes:
        id (str):
        name (str):
        role (SessionAccountsItemRole): viewer < developer < admin < owner (docs/decisions.md, "Teams").
    """

    id: str
    name: str
    role: SessionAccountsItemRole

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        role: str = self.role

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        role = check_session_accounts_item_role(d.pop("role"))

        session_accounts_item = cls(
            id=id,
            name=name,
            role=role,
        )

        return session_accounts_item

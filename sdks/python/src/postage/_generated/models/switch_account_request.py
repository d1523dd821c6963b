from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="SwitchAccountRequest")


@_attrs_define
class SwitchAccountRequest:
    """
    Attributes:
        account_id (UUID):
    """

    account_id: UUID

    def to_dict(self) -> dict[str, Any]:
        account_id = str(self.account_id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "account_id": account_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        account_id = UUID(d.pop("account_id"))

        switch_account_request = cls(
            account_id=account_id,
        )

        return switch_account_request

from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

T = TypeVar("T", bound="DomainVerificationChecksItem")


@_attrs_define
class DomainVerificationChecksItem:
    """
    Attributes:
        purpose (str):
        type_ (str):
        name (str):
        expected (str):
        found (list[str]):
        ok (bool):
    """

    purpose: str
    type_: str
    name: str
    expected: str
    found: list[str]
    ok: bool

    def to_dict(self) -> dict[str, Any]:
        purpose = self.purpose

        type_ = self.type_

        name = self.name

        expected = self.expected

        found = self.found

        ok = self.ok

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "purpose": purpose,
                "type": type_,
                "name": name,
                "expected": expected,
                "found": found,
                "ok": ok,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        purpose = d.pop("purpose")

        type_ = d.pop("type")

        name = d.pop("name")

        expected = d.pop("expected")

        found = cast(list[str], d.pop("found"))

        ok = d.pop("ok")

        domain_verification_checks_item = cls(
            purpose=purpose,
            type_=type_,
            name=name,
            expected=expected,
            found=found,
            ok=ok,
        )

        return domain_verification_checks_item

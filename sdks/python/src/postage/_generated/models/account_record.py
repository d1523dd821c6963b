from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

T = TypeVar("T", bound="AccountRecord")


@_attrs_define
class AccountRecord:
    """
    Attributes:
        name (str):
        email (str):
        is_verified (bool):
        current_plan (str): Active plan id (e.g. `growth`, `pro`); '' without a subscription.
        byoc_usage_current_month (int):
        shared_usage_current_month (int):
        byoc_configured (bool):
        verified_byoc_domains (list[str]):
        verified_shared_domains (list[str]):
    """

    name: str
    email: str
    is_verified: bool
    current_plan: str
    byoc_usage_current_month: int
    shared_usage_current_month: int
    byoc_configured: bool
    verified_byoc_domains: list[str]
    verified_shared_domains: list[str]

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        email = self.email

        is_verified = self.is_verified

        current_plan = self.current_plan

        byoc_usage_current_month = self.byoc_usage_current_month

        shared_usage_current_month = self.shared_usage_current_month

        byoc_configured = self.byoc_configured

        verified_byoc_domains = self.verified_byoc_domains

        verified_shared_domains = self.verified_shared_domains

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "email": email,
                "is_verified": is_verified,
                "current_plan": current_plan,
                "byoc_usage_current_month": byoc_usage_current_month,
                "shared_usage_current_month": shared_usage_current_month,
                "byoc_configured": byoc_configured,
                "verified_byoc_domains": verified_byoc_domains,
                "verified_shared_domains": verified_shared_domains,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        email = d.pop("email")

        is_verified = d.pop("is_verified")

        current_plan = d.pop("current_plan")

        byoc_usage_current_month = d.pop("byoc_usage_current_month")

        shared_usage_current_month = d.pop("shared_usage_current_month")

        byoc_configured = d.pop("byoc_configured")

        verified_byoc_domains = cast(list[str], d.pop("verified_byoc_domains"))

        verified_shared_domains = cast(list[str], d.pop("verified_shared_domains"))

        account_record = cls(
            name=name,
            email=email,
            is_verified=is_verified,
            current_plan=current_plan,
            byoc_usage_current_month=byoc_usage_current_month,
            shared_usage_current_month=shared_usage_current_month,
            byoc_configured=byoc_configured,
            verified_byoc_domains=verified_byoc_domains,
            verified_shared_domains=verified_shared_domains,
        )

        return account_record

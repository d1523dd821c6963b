from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.domain_verification_checks_item import DomainVerificationChecksItem
    from ..models.domain_verification_domain import DomainVerificationDomain
    from ..models.domain_verification_missing_item import DomainVerificationMissingItem


T = TypeVar("T", bound="DomainVerification")


@_attrs_define
class DomainVerification:
    """
    Attributes:
        domain (DomainVerificationDomain):
        missing (list['DomainVerificationMissingItem']): Required records not found yet (ownership first, then DKIM).
        checks (list['DomainVerificationChecksItem']):
    """

    domain: "DomainVerificationDomain"
    missing: list["DomainVerificationMissingItem"]
    checks: list["DomainVerificationChecksItem"]

    def to_dict(self) -> dict[str, Any]:
        domain = self.domain.to_dict()

        missing = []
        for missing_item_data in self.missing:
            missing_item = missing_item_data.to_dict()
            missing.append(missing_item)

        checks = []
        for checks_item_data in self.checks:
            checks_item = checks_item_data.to_dict()
            checks.append(checks_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "domain": domain,
                "missing": missing,
                "checks": checks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.domain_verification_checks_item import (
            DomainVerificationChecksItem,
        )
        from ..models.domain_verification_domain import DomainVerificationDomain
        from ..models.domain_verification_missing_item import (
            DomainVerificationMissingItem,
        )

        d = dict(src_dict)
        domain = DomainVerificationDomain.from_dict(d.pop("domain"))

        missing = []
        _missing = d.pop("missing")
        for missing_item_data in _missing:
            missing_item = DomainVerificationMissingItem.from_dict(missing_item_data)

            missing.append(missing_item)

        checks = []
        _checks = d.pop("checks")
        for checks_item_data in _checks:
            checks_item = DomainVerificationChecksItem.from_dict(checks_item_data)

            checks.append(checks_item)

        domain_verification = cls(
            domain=domain,
            missing=missing,
            checks=checks,
        )

        return domain_verification

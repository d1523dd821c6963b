from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.domain_list_domains_item import DomainListDomainsItem


T = TypeVar("T", bound="DomainList")


@_attrs_define
class DomainList:
    """
    Attributes:
        domains (list['DomainListDomainsItem']):
    """

    domains: list["DomainListDomainsItem"]

    def to_dict(self) -> dict[str, Any]:
        domains = []
        for domains_item_data in self.domains:
            domains_item = domains_item_data.to_dict()
            domains.append(domains_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "domains": domains,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.domain_list_domains_item import DomainListDomainsItem

        d = dict(src_dict)
        domains = []
        _domains = d.pop("domains")
        for domains_item_data in _domains:
            domains_item = DomainListDomainsItem.from_dict(domains_item_data)

            domains.append(domains_item)

        domain_list = cls(
            domains=domains,
        )

        return domain_list

from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
)

from attrs import define as _attrs_define

from ..models.domain_list_domains_item_records_item_purpose import (
    DomainListDomainsItemRecordsItemPurpose,
    check_domain_list_domains_item_records_item_purpose,
)
from ..models.domain_list_domains_item_records_item_status import (
    DomainListDomainsItemRecordsItemStatus,
    check_domain_list_domains_item_records_item_status,
)
from ..models.domain_list_domains_item_records_item_type import (
    DomainListDomainsItemRecordsItemType,
    check_domain_list_domains_item_records_item_type,
)

T = TypeVar("T", bound="DomainListDomainsItemRecordsItem")


@_attrs_define
class DomainListDomainsItemRecordsItem:
    """
    Attributes:
        purpose (DomainListDomainsItemRecordsItemPurpose):
        type_ (DomainListDomainsItemRecordsItemType):
        name (str):
        value (str):
        required (bool): Ownership and DKIM are required to send; the others are advisory (send warnings).
        status (DomainListDomainsItemRecordsItemStatus): verified (found in DNS); operator (required, marked verified by
            Postage support without DNS being read); pending (required, not found yet); missing (advisory, not found at the
            last check); unchecked.
    """

    purpose: DomainListDomainsItemRecordsItemPurpose
    type_: DomainListDomainsItemRecordsItemType
    name: str
    value: str
    required: bool
    status: DomainListDomainsItemRecordsItemStatus

    def to_dict(self) -> dict[str, Any]:
        purpose: str = self.purpose

        type_: str = self.type_

        name = self.name

        value = self.value

        required = self.required

        status: str = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "purpose": purpose,
                "type": type_,
                "name": name,
                "value": value,
                "required": required,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        purpose = check_domain_list_domains_item_records_item_purpose(d.pop("purpose"))

        type_ = check_domain_list_domains_item_records_item_type(d.pop("type"))

        name = d.pop("name")

        value = d.pop("value")

        required = d.pop("required")

        status = check_domain_list_domains_item_records_item_status(d.pop("status"))

        domain_list_domains_item_records_item = cls(
            purpose=purpose,
            type_=type_,
            name=name,
            value=value,
            required=required,
            status=status,
        )

        return domain_list_domains_item_records_item

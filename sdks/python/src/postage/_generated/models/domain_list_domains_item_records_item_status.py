from typing import Literal, cast

DomainListDomainsItemRecordsItemStatus = Literal[
    "missing", "operator", "pending", "unchecked", "verified"
]

DOMAIN_LIST_DOMAINS_ITEM_RECORDS_ITEM_STATUS_VALUES: set[
    DomainListDomainsItemRecordsItemStatus
] = {
    "missing",
    "operator",
    "pending",
    "unchecked",
    "verified",
}


def check_domain_list_domains_item_records_item_status(
    value: str,
) -> DomainListDomainsItemRecordsItemStatus:
    if value in DOMAIN_LIST_DOMAINS_ITEM_RECORDS_ITEM_STATUS_VALUES:
        return cast(DomainListDomainsItemRecordsItemStatus, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DOMAIN_LIST_DOMAINS_ITEM_RECORDS_ITEM_STATUS_VALUES!r}"
    )

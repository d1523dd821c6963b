from typing import Literal, cast

DomainListDomainsItemRecordsItemType = Literal["CNAME", "MX", "TXT"]

DOMAIN_LIST_DOMAINS_ITEM_RECORDS_ITEM_TYPE_VALUES: set[
    DomainListDomainsItemRecordsItemType
] = {
    "CNAME",
    "MX",
    "TXT",
}


def check_domain_list_domains_item_records_item_type(
    value: str,
) -> DomainListDomainsItemRecordsItemType:
    if value in DOMAIN_LIST_DOMAINS_ITEM_RECORDS_ITEM_TYPE_VALUES:
        return cast(DomainListDomainsItemRecordsItemType, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DOMAIN_LIST_DOMAINS_ITEM_RECORDS_ITEM_TYPE_VALUES!r}"
    )

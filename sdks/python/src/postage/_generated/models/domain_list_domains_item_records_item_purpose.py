from typing import Literal, cast

DomainListDomainsItemRecordsItemPurpose = Literal[
    "dkim", "dmarc", "mail_from", "ownership", "spf"
]

DOMAIN_LIST_DOMAINS_ITEM_RECORDS_ITEM_PURPOSE_VALUES: set[
    DomainListDomainsItemRecordsItemPurpose
] = {
    "dkim",
    "dmarc",
    "mail_from",
    "ownership",
    "spf",
}


def check_domain_list_domains_item_records_item_purpose(
    value: str,
) -> DomainListDomainsItemRecordsItemPurpose:
    if value in DOMAIN_LIST_DOMAINS_ITEM_RECORDS_ITEM_PURPOSE_VALUES:
        return cast(DomainListDomainsItemRecordsItemPurpose, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DOMAIN_LIST_DOMAINS_ITEM_RECORDS_ITEM_PURPOSE_VALUES!r}"
    )

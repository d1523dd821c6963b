from typing import Literal, cast

DomainListDomainsItemStatus = Literal[
    "pending_dkim", "pending_ownership", "released", "verified"
]

DOMAIN_LIST_DOMAINS_ITEM_STATUS_VALUES: set[DomainListDomainsItemStatus] = {
    "pending_dkim",
    "pending_ownership",
    "released",
    "verified",
}


def check_domain_list_domains_item_status(value: str) -> DomainListDomainsItemStatus:
    if value in DOMAIN_LIST_DOMAINS_ITEM_STATUS_VALUES:
        return cast(DomainListDomainsItemStatus, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DOMAIN_LIST_DOMAINS_ITEM_STATUS_VALUES!r}"
    )

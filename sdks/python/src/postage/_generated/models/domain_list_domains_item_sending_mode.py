from typing import Literal, cast

DomainListDomainsItemSendingMode = Literal["byoc", "shared"]

DOMAIN_LIST_DOMAINS_ITEM_SENDING_MODE_VALUES: set[DomainListDomainsItemSendingMode] = {
    "byoc",
    "shared",
}


def check_domain_list_domains_item_sending_mode(
    value: str,
) -> DomainListDomainsItemSendingMode:
    if value in DOMAIN_LIST_DOMAINS_ITEM_SENDING_MODE_VALUES:
        return cast(DomainListDomainsItemSendingMode, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DOMAIN_LIST_DOMAINS_ITEM_SENDING_MODE_VALUES!r}"
    )

from typing import Literal, cast

DomainListDomainsItemVerifiedByType0 = Literal["dns", "operator"]

DOMAIN_LIST_DOMAINS_ITEM_VERIFIED_BY_TYPE_0_VALUES: set[
    DomainListDomainsItemVerifiedByType0
] = {
    "dns",
    "operator",
}


def check_domain_list_domains_item_verified_by_type_0(
    value: str,
) -> DomainListDomainsItemVerifiedByType0:
    if value in DOMAIN_LIST_DOMAINS_ITEM_VERIFIED_BY_TYPE_0_VALUES:
        return cast(DomainListDomainsItemVerifiedByType0, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DOMAIN_LIST_DOMAINS_ITEM_VERIFIED_BY_TYPE_0_VALUES!r}"
    )

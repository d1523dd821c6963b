from typing import Literal, cast

DomainVerifiedByType0 = Literal["dns", "operator"]

DOMAIN_VERIFIED_BY_TYPE_0_VALUES: set[DomainVerifiedByType0] = {
    "dns",
    "operator",
}


def check_domain_verified_by_type_0(value: str) -> DomainVerifiedByType0:
    if value in DOMAIN_VERIFIED_BY_TYPE_0_VALUES:
        return cast(DomainVerifiedByType0, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DOMAIN_VERIFIED_BY_TYPE_0_VALUES!r}"
    )

from typing import Literal, cast

DomainVerificationDomainVerifiedByType0 = Literal["dns", "operator"]

DOMAIN_VERIFICATION_DOMAIN_VERIFIED_BY_TYPE_0_VALUES: set[
    DomainVerificationDomainVerifiedByType0
] = {
    "dns",
    "operator",
}


def check_domain_verification_domain_verified_by_type_0(
    value: str,
) -> DomainVerificationDomainVerifiedByType0:
    if value in DOMAIN_VERIFICATION_DOMAIN_VERIFIED_BY_TYPE_0_VALUES:
        return cast(DomainVerificationDomainVerifiedByType0, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DOMAIN_VERIFICATION_DOMAIN_VERIFIED_BY_TYPE_0_VALUES!r}"
    )

from typing import Literal, cast

DomainVerificationDomainStatus = Literal[
    "pending_dkim", "pending_ownership", "released", "verified"
]

DOMAIN_VERIFICATION_DOMAIN_STATUS_VALUES: set[DomainVerificationDomainStatus] = {
    "pending_dkim",
    "pending_ownership",
    "released",
    "verified",
}


def check_domain_verification_domain_status(
    value: str,
) -> DomainVerificationDomainStatus:
    if value in DOMAIN_VERIFICATION_DOMAIN_STATUS_VALUES:
        return cast(DomainVerificationDomainStatus, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DOMAIN_VERIFICATION_DOMAIN_STATUS_VALUES!r}"
    )

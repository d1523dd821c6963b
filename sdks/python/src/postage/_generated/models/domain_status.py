from typing import Literal, cast

DomainStatus = Literal["pending_dkim", "pending_ownership", "released", "verified"]

DOMAIN_STATUS_VALUES: set[DomainStatus] = {
    "pending_dkim",
    "pending_ownership",
    "released",
    "verified",
}


def check_domain_status(value: str) -> DomainStatus:
    if value in DOMAIN_STATUS_VALUES:
        return cast(DomainStatus, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DOMAIN_STATUS_VALUES!r}"
    )

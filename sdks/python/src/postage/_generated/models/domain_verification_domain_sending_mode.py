from typing import Literal, cast

DomainVerificationDomainSendingMode = Literal["byoc", "shared"]

DOMAIN_VERIFICATION_DOMAIN_SENDING_MODE_VALUES: set[
    DomainVerificationDomainSendingMode
] = {
    "byoc",
    "shared",
}


def check_domain_verification_domain_sending_mode(
    value: str,
) -> DomainVerificationDomainSendingMode:
    if value in DOMAIN_VERIFICATION_DOMAIN_SENDING_MODE_VALUES:
        return cast(DomainVerificationDomainSendingMode, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DOMAIN_VERIFICATION_DOMAIN_SENDING_MODE_VALUES!r}"
    )

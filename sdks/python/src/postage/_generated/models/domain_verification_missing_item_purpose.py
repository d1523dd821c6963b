from typing import Literal, cast

DomainVerificationMissingItemPurpose = Literal[
    "dkim", "dmarc", "mail_from", "ownership", "spf"
]

DOMAIN_VERIFICATION_MISSING_ITEM_PURPOSE_VALUES: set[
    DomainVerificationMissingItemPurpose
] = {
    "dkim",
    "dmarc",
    "mail_from",
    "ownership",
    "spf",
}


def check_domain_verification_missing_item_purpose(
    value: str,
) -> DomainVerificationMissingItemPurpose:
    if value in DOMAIN_VERIFICATION_MISSING_ITEM_PURPOSE_VALUES:
        return cast(DomainVerificationMissingItemPurpose, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DOMAIN_VERIFICATION_MISSING_ITEM_PURPOSE_VALUES!r}"
    )

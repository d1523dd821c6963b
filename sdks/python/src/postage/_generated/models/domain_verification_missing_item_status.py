from typing import Literal, cast

DomainVerificationMissingItemStatus = Literal[
    "missing", "operator", "pending", "unchecked", "verified"
]

DOMAIN_VERIFICATION_MISSING_ITEM_STATUS_VALUES: set[
    DomainVerificationMissingItemStatus
] = {
    "missing",
    "operator",
    "pending",
    "unchecked",
    "verified",
}


def check_domain_verification_missing_item_status(
    value: str,
) -> DomainVerificationMissingItemStatus:
    if value in DOMAIN_VERIFICATION_MISSING_ITEM_STATUS_VALUES:
        return cast(DomainVerificationMissingItemStatus, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DOMAIN_VERIFICATION_MISSING_ITEM_STATUS_VALUES!r}"
    )

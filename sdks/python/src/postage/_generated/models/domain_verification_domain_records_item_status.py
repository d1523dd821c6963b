from typing import Literal, cast

DomainVerificationDomainRecordsItemStatus = Literal[
    "missing", "operator", "pending", "unchecked", "verified"
]

DOMAIN_VERIFICATION_DOMAIN_RECORDS_ITEM_STATUS_VALUES: set[
    DomainVerificationDomainRecordsItemStatus
] = {
    "missing",
    "operator",
    "pending",
    "unchecked",
    "verified",
}


def check_domain_verification_domain_records_item_status(
    value: str,
) -> DomainVerificationDomainRecordsItemStatus:
    if value in DOMAIN_VERIFICATION_DOMAIN_RECORDS_ITEM_STATUS_VALUES:
        return cast(DomainVerificationDomainRecordsItemStatus, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DOMAIN_VERIFICATION_DOMAIN_RECORDS_ITEM_STATUS_VALUES!r}"
    )

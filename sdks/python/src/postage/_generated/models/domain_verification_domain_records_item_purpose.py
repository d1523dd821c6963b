from typing import Literal, cast

DomainVerificationDomainRecordsItemPurpose = Literal[
    "dkim", "dmarc", "mail_from", "ownership", "spf"
]

DOMAIN_VERIFICATION_DOMAIN_RECORDS_ITEM_PURPOSE_VALUES: set[
    DomainVerificationDomainRecordsItemPurpose
] = {
    "dkim",
    "dmarc",
    "mail_from",
    "ownership",
    "spf",
}


def check_domain_verification_domain_records_item_purpose(
    value: str,
) -> DomainVerificationDomainRecordsItemPurpose:
    if value in DOMAIN_VERIFICATION_DOMAIN_RECORDS_ITEM_PURPOSE_VALUES:
        return cast(DomainVerificationDomainRecordsItemPurpose, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DOMAIN_VERIFICATION_DOMAIN_RECORDS_ITEM_PURPOSE_VALUES!r}"
    )

from typing import Literal, cast

DomainVerificationDomainRecordsItemType = Literal["CNAME", "MX", "TXT"]

DOMAIN_VERIFICATION_DOMAIN_RECORDS_ITEM_TYPE_VALUES: set[
    DomainVerificationDomainRecordsItemType
] = {
    "CNAME",
    "MX",
    "TXT",
}


def check_domain_verification_domain_records_item_type(
    value: str,
) -> DomainVerificationDomainRecordsItemType:
    if value in DOMAIN_VERIFICATION_DOMAIN_RECORDS_ITEM_TYPE_VALUES:
        return cast(DomainVerificationDomainRecordsItemType, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DOMAIN_VERIFICATION_DOMAIN_RECORDS_ITEM_TYPE_VALUES!r}"
    )

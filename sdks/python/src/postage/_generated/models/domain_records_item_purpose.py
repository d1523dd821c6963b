from typing import Literal, cast

DomainRecordsItemPurpose = Literal["dkim", "dmarc", "mail_from", "ownership", "spf"]

DOMAIN_RECORDS_ITEM_PURPOSE_VALUES: set[DomainRecordsItemPurpose] = {
    "dkim",
    "dmarc",
    "mail_from",
    "ownership",
    "spf",
}


def check_domain_records_item_purpose(value: str) -> DomainRecordsItemPurpose:
    if value in DOMAIN_RECORDS_ITEM_PURPOSE_VALUES:
        return cast(DomainRecordsItemPurpose, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DOMAIN_RECORDS_ITEM_PURPOSE_VALUES!r}"
    )

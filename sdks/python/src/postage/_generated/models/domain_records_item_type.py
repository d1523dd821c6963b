from typing import Literal, cast

DomainRecordsItemType = Literal["CNAME", "MX", "TXT"]

DOMAIN_RECORDS_ITEM_TYPE_VALUES: set[DomainRecordsItemType] = {
    "CNAME",
    "MX",
    "TXT",
}


def check_domain_records_item_type(value: str) -> DomainRecordsItemType:
    if value in DOMAIN_RECORDS_ITEM_TYPE_VALUES:
        return cast(DomainRecordsItemType, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DOMAIN_RECORDS_ITEM_TYPE_VALUES!r}"
    )

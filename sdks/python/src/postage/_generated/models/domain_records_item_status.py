from typing import Literal, cast

DomainRecordsItemStatus = Literal[
    "missing", "operator", "pending", "unchecked", "verified"
]

DOMAIN_RECORDS_ITEM_STATUS_VALUES: set[DomainRecordsItemStatus] = {
    "missing",
    "operator",
    "pending",
    "unchecked",
    "verified",
}


def check_domain_records_item_status(value: str) -> DomainRecordsItemStatus:
    if value in DOMAIN_RECORDS_ITEM_STATUS_VALUES:
        return cast(DomainRecordsItemStatus, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DOMAIN_RECORDS_ITEM_STATUS_VALUES!r}"
    )

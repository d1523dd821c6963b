from typing import Literal, cast

DomainVerificationMissingItemType = Literal["CNAME", "MX", "TXT"]

DOMAIN_VERIFICATION_MISSING_ITEM_TYPE_VALUES: set[DomainVerificationMissingItemType] = {
    "CNAME",
    "MX",
    "TXT",
}


def check_domain_verification_missing_item_type(
    value: str,
) -> DomainVerificationMissingItemType:
    if value in DOMAIN_VERIFICATION_MISSING_ITEM_TYPE_VALUES:
        return cast(DomainVerificationMissingItemType, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DOMAIN_VERIFICATION_MISSING_ITEM_TYPE_VALUES!r}"
    )

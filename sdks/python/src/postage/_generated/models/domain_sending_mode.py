from typing import Literal, cast

DomainSendingMode = Literal["byoc", "shared"]

DOMAIN_SENDING_MODE_VALUES: set[DomainSendingMode] = {
    "byoc",
    "shared",
}


def check_domain_sending_mode(value: str) -> DomainSendingMode:
    if value in DOMAIN_SENDING_MODE_VALUES:
        return cast(DomainSendingMode, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DOMAIN_SENDING_MODE_VALUES!r}"
    )

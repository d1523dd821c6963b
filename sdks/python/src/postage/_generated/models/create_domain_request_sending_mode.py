from typing import Literal, cast

CreateDomainRequestSendingMode = Literal["byoc", "shared"]

CREATE_DOMAIN_REQUEST_SENDING_MODE_VALUES: set[CreateDomainRequestSendingMode] = {
    "byoc",
    "shared",
}


def check_create_domain_request_sending_mode(
    value: str,
) -> CreateDomainRequestSendingMode:
    if value in CREATE_DOMAIN_REQUEST_SENDING_MODE_VALUES:
        return cast(CreateDomainRequestSendingMode, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_DOMAIN_REQUEST_SENDING_MODE_VALUES!r}"
    )

from typing import Literal, cast

GetApiEmailsStatus = Literal[
    "bounced",
    "canceled",
    "complained",
    "delivered",
    "failed",
    "queued",
    "scheduled",
    "sent",
]

GET_API_EMAILS_STATUS_VALUES: set[GetApiEmailsStatus] = {
    "bounced",
    "canceled",
    "complained",
    "delivered",
    "failed",
    "queued",
    "scheduled",
    "sent",
}


def check_get_api_emails_status(value: str) -> GetApiEmailsStatus:
    if value in GET_API_EMAILS_STATUS_VALUES:
        return cast(GetApiEmailsStatus, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_EMAILS_STATUS_VALUES!r}"
    )

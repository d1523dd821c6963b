from typing import Literal, cast

EmailDetailEmailStatus = Literal[
    "bounced",
    "canceled",
    "complained",
    "delivered",
    "failed",
    "queued",
    "scheduled",
    "sent",
]

EMAIL_DETAIL_EMAIL_STATUS_VALUES: set[EmailDetailEmailStatus] = {
    "bounced",
    "canceled",
    "complained",
    "delivered",
    "failed",
    "queued",
    "scheduled",
    "sent",
}


def check_email_detail_email_status(value: str) -> EmailDetailEmailStatus:
    if value in EMAIL_DETAIL_EMAIL_STATUS_VALUES:
        return cast(EmailDetailEmailStatus, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EMAIL_DETAIL_EMAIL_STATUS_VALUES!r}"
    )

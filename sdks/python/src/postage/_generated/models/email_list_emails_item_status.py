from typing import Literal, cast

EmailListEmailsItemStatus = Literal[
    "bounced",
    "canceled",
    "complained",
    "delivered",
    "failed",
    "queued",
    "scheduled",
    "sent",
]

EMAIL_LIST_EMAILS_ITEM_STATUS_VALUES: set[EmailListEmailsItemStatus] = {
    "bounced",
    "canceled",
    "complained",
    "delivered",
    "failed",
    "queued",
    "scheduled",
    "sent",
}


def check_email_list_emails_item_status(value: str) -> EmailListEmailsItemStatus:
    if value in EMAIL_LIST_EMAILS_ITEM_STATUS_VALUES:
        return cast(EmailListEmailsItemStatus, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EMAIL_LIST_EMAILS_ITEM_STATUS_VALUES!r}"
    )

from typing import Literal, cast

EmailListEmailsItemKind = Literal["real", "simulator", "test"]

EMAIL_LIST_EMAILS_ITEM_KIND_VALUES: set[EmailListEmailsItemKind] = {
    "real",
    "simulator",
    "test",
}


def check_email_list_emails_item_kind(value: str) -> EmailListEmailsItemKind:
    if value in EMAIL_LIST_EMAILS_ITEM_KIND_VALUES:
        return cast(EmailListEmailsItemKind, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EMAIL_LIST_EMAILS_ITEM_KIND_VALUES!r}"
    )

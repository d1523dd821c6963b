from typing import Literal, cast

EmailDetailEmailKind = Literal["real", "simulator", "test"]

EMAIL_DETAIL_EMAIL_KIND_VALUES: set[EmailDetailEmailKind] = {
    "real",
    "simulator",
    "test",
}


def check_email_detail_email_kind(value: str) -> EmailDetailEmailKind:
    if value in EMAIL_DETAIL_EMAIL_KIND_VALUES:
        return cast(EmailDetailEmailKind, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EMAIL_DETAIL_EMAIL_KIND_VALUES!r}"
    )

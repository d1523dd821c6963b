from typing import Literal, cast

EmailScheduleStatus = Literal["canceled", "scheduled"]

EMAIL_SCHEDULE_STATUS_VALUES: set[EmailScheduleStatus] = {
    "canceled",
    "scheduled",
}


def check_email_schedule_status(value: str) -> EmailScheduleStatus:
    if value in EMAIL_SCHEDULE_STATUS_VALUES:
        return cast(EmailScheduleStatus, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EMAIL_SCHEDULE_STATUS_VALUES!r}"
    )

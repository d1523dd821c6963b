from typing import Literal, cast

EmailDetailTimelineItemType = Literal[
    "bounced",
    "canceled",
    "complained",
    "delivered",
    "failed",
    "possible_duplicate",
    "queued",
    "scheduled",
    "sent",
]

EMAIL_DETAIL_TIMELINE_ITEM_TYPE_VALUES: set[EmailDetailTimelineItemType] = {
    "bounced",
    "canceled",
    "complained",
    "delivered",
    "failed",
    "possible_duplicate",
    "queued",
    "scheduled",
    "sent",
}


def check_email_detail_timeline_item_type(value: str) -> EmailDetailTimelineItemType:
    if value in EMAIL_DETAIL_TIMELINE_ITEM_TYPE_VALUES:
        return cast(EmailDetailTimelineItemType, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EMAIL_DETAIL_TIMELINE_ITEM_TYPE_VALUES!r}"
    )

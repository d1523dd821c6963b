from typing import Literal, cast

WebhookEventsItem = Literal[
    "email.bounced", "email.complained", "email.delivered", "email.failed", "email.sent"
]

WEBHOOK_EVENTS_ITEM_VALUES: set[WebhookEventsItem] = {
    "email.bounced",
    "email.complained",
    "email.delivered",
    "email.failed",
    "email.sent",
}


def check_webhook_events_item(value: str) -> WebhookEventsItem:
    if value in WEBHOOK_EVENTS_ITEM_VALUES:
        return cast(WebhookEventsItem, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {WEBHOOK_EVENTS_ITEM_VALUES!r}"
    )

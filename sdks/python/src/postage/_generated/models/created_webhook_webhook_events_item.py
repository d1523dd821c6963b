from typing import Literal, cast

CreatedWebhookWebhookEventsItem = Literal[
    "email.bounced", "email.complained", "email.delivered", "email.failed", "email.sent"
]

CREATED_WEBHOOK_WEBHOOK_EVENTS_ITEM_VALUES: set[CreatedWebhookWebhookEventsItem] = {
    "email.bounced",
    "email.complained",
    "email.delivered",
    "email.failed",
    "email.sent",
}


def check_created_webhook_webhook_events_item(
    value: str,
) -> CreatedWebhookWebhookEventsItem:
    if value in CREATED_WEBHOOK_WEBHOOK_EVENTS_ITEM_VALUES:
        return cast(CreatedWebhookWebhookEventsItem, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATED_WEBHOOK_WEBHOOK_EVENTS_ITEM_VALUES!r}"
    )

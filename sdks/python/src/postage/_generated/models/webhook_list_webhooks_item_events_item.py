from typing import Literal, cast

WebhookListWebhooksItemEventsItem = Literal[
    "email.bounced", "email.complained", "email.delivered", "email.failed", "email.sent"
]

WEBHOOK_LIST_WEBHOOKS_ITEM_EVENTS_ITEM_VALUES: set[
    WebhookListWebhooksItemEventsItem
] = {
    "email.bounced",
    "email.complained",
    "email.delivered",
    "email.failed",
    "email.sent",
}


def check_webhook_list_webhooks_item_events_item(
    value: str,
) -> WebhookListWebhooksItemEventsItem:
    if value in WEBHOOK_LIST_WEBHOOKS_ITEM_EVENTS_ITEM_VALUES:
        return cast(WebhookListWebhooksItemEventsItem, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {WEBHOOK_LIST_WEBHOOKS_ITEM_EVENTS_ITEM_VALUES!r}"
    )

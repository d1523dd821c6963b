from typing import Literal, cast

UpdateWebhookRequestEventsItem = Literal[
    "email.bounced", "email.complained", "email.delivered", "email.failed", "email.sent"
]

UPDATE_WEBHOOK_REQUEST_EVENTS_ITEM_VALUES: set[UpdateWebhookRequestEventsItem] = {
    "email.bounced",
    "email.complained",
    "email.delivered",
    "email.failed",
    "email.sent",
}


def check_update_webhook_request_events_item(
    value: str,
) -> UpdateWebhookRequestEventsItem:
    if value in UPDATE_WEBHOOK_REQUEST_EVENTS_ITEM_VALUES:
        return cast(UpdateWebhookRequestEventsItem, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {UPDATE_WEBHOOK_REQUEST_EVENTS_ITEM_VALUES!r}"
    )

from typing import Literal, cast

RotatedSecretWebhookEventsItem = Literal[
    "email.bounced", "email.complained", "email.delivered", "email.failed", "email.sent"
]

ROTATED_SECRET_WEBHOOK_EVENTS_ITEM_VALUES: set[RotatedSecretWebhookEventsItem] = {
    "email.bounced",
    "email.complained",
    "email.delivered",
    "email.failed",
    "email.sent",
}


def check_rotated_secret_webhook_events_item(
    value: str,
) -> RotatedSecretWebhookEventsItem:
    if value in ROTATED_SECRET_WEBHOOK_EVENTS_ITEM_VALUES:
        return cast(RotatedSecretWebhookEventsItem, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ROTATED_SECRET_WEBHOOK_EVENTS_ITEM_VALUES!r}"
    )

from typing import Literal, cast

CreateWebhookRequestEventsItem = Literal[
    "email.bounced", "email.complained", "email.delivered", "email.failed", "email.sent"
]

CREATE_WEBHOOK_REQUEST_EVENTS_ITEM_VALUES: set[CreateWebhookRequestEventsItem] = {
    "email.bounced",
    "email.complained",
    "email.delivered",
    "email.failed",
    "email.sent",
}


def check_create_webhook_request_events_item(
    value: str,
) -> CreateWebhookRequestEventsItem:
    if value in CREATE_WEBHOOK_REQUEST_EVENTS_ITEM_VALUES:
        return cast(CreateWebhookRequestEventsItem, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_WEBHOOK_REQUEST_EVENTS_ITEM_VALUES!r}"
    )

from typing import Literal, cast

TestWebhookRequestEventType = Literal[
    "email.bounced", "email.complained", "email.delivered", "email.failed", "email.sent"
]

TEST_WEBHOOK_REQUEST_EVENT_TYPE_VALUES: set[TestWebhookRequestEventType] = {
    "email.bounced",
    "email.complained",
    "email.delivered",
    "email.failed",
    "email.sent",
}


def check_test_webhook_request_event_type(value: str) -> TestWebhookRequestEventType:
    if value in TEST_WEBHOOK_REQUEST_EVENT_TYPE_VALUES:
        return cast(TestWebhookRequestEventType, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {TEST_WEBHOOK_REQUEST_EVENT_TYPE_VALUES!r}"
    )

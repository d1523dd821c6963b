from typing import Literal, cast

TemplateTestSendRequestRecipient = Literal["bounce", "complaint", "delivered"]

TEMPLATE_TEST_SEND_REQUEST_RECIPIENT_VALUES: set[TemplateTestSendRequestRecipient] = {
    "bounce",
    "complaint",
    "delivered",
}


def check_template_test_send_request_recipient(
    value: str,
) -> TemplateTestSendRequestRecipient:
    if value in TEMPLATE_TEST_SEND_REQUEST_RECIPIENT_VALUES:
        return cast(TemplateTestSendRequestRecipient, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {TEMPLATE_TEST_SEND_REQUEST_RECIPIENT_VALUES!r}"
    )

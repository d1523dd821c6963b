from typing import Literal, cast

PatchApiEmailsMessageIdResponse503Error = Literal["service_unavailable"]

PATCH_API_EMAILS_MESSAGE_ID_RESPONSE_503_ERROR_VALUES: set[
    PatchApiEmailsMessageIdResponse503Error
] = {
    "service_unavailable",
}


def check_patch_api_emails_message_id_response_503_error(
    value: str,
) -> PatchApiEmailsMessageIdResponse503Error:
    if value in PATCH_API_EMAILS_MESSAGE_ID_RESPONSE_503_ERROR_VALUES:
        return cast(PatchApiEmailsMessageIdResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PATCH_API_EMAILS_MESSAGE_ID_RESPONSE_503_ERROR_VALUES!r}"
    )

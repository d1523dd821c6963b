from typing import Literal, cast

PatchApiEmailsMessageIdResponse500Error = Literal["internal_error"]

PATCH_API_EMAILS_MESSAGE_ID_RESPONSE_500_ERROR_VALUES: set[
    PatchApiEmailsMessageIdResponse500Error
] = {
    "internal_error",
}


def check_patch_api_emails_message_id_response_500_error(
    value: str,
) -> PatchApiEmailsMessageIdResponse500Error:
    if value in PATCH_API_EMAILS_MESSAGE_ID_RESPONSE_500_ERROR_VALUES:
        return cast(PatchApiEmailsMessageIdResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PATCH_API_EMAILS_MESSAGE_ID_RESPONSE_500_ERROR_VALUES!r}"
    )

from typing import Literal, cast

PatchApiEmailsMessageIdResponse404Error = Literal["not_found"]

PATCH_API_EMAILS_MESSAGE_ID_RESPONSE_404_ERROR_VALUES: set[
    PatchApiEmailsMessageIdResponse404Error
] = {
    "not_found",
}


def check_patch_api_emails_message_id_response_404_error(
    value: str,
) -> PatchApiEmailsMessageIdResponse404Error:
    if value in PATCH_API_EMAILS_MESSAGE_ID_RESPONSE_404_ERROR_VALUES:
        return cast(PatchApiEmailsMessageIdResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PATCH_API_EMAILS_MESSAGE_ID_RESPONSE_404_ERROR_VALUES!r}"
    )

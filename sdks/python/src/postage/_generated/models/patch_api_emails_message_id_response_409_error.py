from typing import Literal, cast

PatchApiEmailsMessageIdResponse409Error = Literal["not_scheduled"]

PATCH_API_EMAILS_MESSAGE_ID_RESPONSE_409_ERROR_VALUES: set[
    PatchApiEmailsMessageIdResponse409Error
] = {
    "not_scheduled",
}


def check_patch_api_emails_message_id_response_409_error(
    value: str,
) -> PatchApiEmailsMessageIdResponse409Error:
    if value in PATCH_API_EMAILS_MESSAGE_ID_RESPONSE_409_ERROR_VALUES:
        return cast(PatchApiEmailsMessageIdResponse409Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PATCH_API_EMAILS_MESSAGE_ID_RESPONSE_409_ERROR_VALUES!r}"
    )

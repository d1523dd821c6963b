from typing import Literal, cast

InvitationInvitedByType = Literal["cli", "key", "system", "user"]

INVITATION_INVITED_BY_TYPE_VALUES: set[InvitationInvitedByType] = {
    "cli",
    "key",
    "system",
    "user",
}


def check_invitation_invited_by_type(value: str) -> InvitationInvitedByType:
    if value in INVITATION_INVITED_BY_TYPE_VALUES:
        return cast(InvitationInvitedByType, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {INVITATION_INVITED_BY_TYPE_VALUES!r}"
    )

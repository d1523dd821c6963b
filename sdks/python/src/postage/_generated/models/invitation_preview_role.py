from typing import Literal, cast

InvitationPreviewRole = Literal["admin", "developer", "viewer"]

INVITATION_PREVIEW_ROLE_VALUES: set[InvitationPreviewRole] = {
    "admin",
    "developer",
    "viewer",
}


def check_invitation_preview_role(value: str) -> InvitationPreviewRole:
    if value in INVITATION_PREVIEW_ROLE_VALUES:
        return cast(InvitationPreviewRole, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {INVITATION_PREVIEW_ROLE_VALUES!r}"
    )

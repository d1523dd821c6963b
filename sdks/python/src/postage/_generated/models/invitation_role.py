from typing import Literal, cast

InvitationRole = Literal["admin", "developer", "viewer"]

INVITATION_ROLE_VALUES: set[InvitationRole] = {
    "admin",
    "developer",
    "viewer",
}


def check_invitation_role(value: str) -> InvitationRole:
    if value in INVITATION_ROLE_VALUES:
        return cast(InvitationRole, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {INVITATION_ROLE_VALUES!r}"
    )

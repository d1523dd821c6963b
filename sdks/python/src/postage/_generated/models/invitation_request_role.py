from typing import Literal, cast

InvitationRequestRole = Literal["admin", "developer", "viewer"]

INVITATION_REQUEST_ROLE_VALUES: set[InvitationRequestRole] = {
    "admin",
    "developer",
    "viewer",
}


def check_invitation_request_role(value: str) -> InvitationRequestRole:
    if value in INVITATION_REQUEST_ROLE_VALUES:
        return cast(InvitationRequestRole, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {INVITATION_REQUEST_ROLE_VALUES!r}"
    )

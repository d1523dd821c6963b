from typing import Literal, cast

InvitationListInvitationsItemRole = Literal["admin", "developer", "viewer"]

INVITATION_LIST_INVITATIONS_ITEM_ROLE_VALUES: set[InvitationListInvitationsItemRole] = {
    "admin",
    "developer",
    "viewer",
}


def check_invitation_list_invitations_item_role(
    value: str,
) -> InvitationListInvitationsItemRole:
    if value in INVITATION_LIST_INVITATIONS_ITEM_ROLE_VALUES:
        return cast(InvitationListInvitationsItemRole, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {INVITATION_LIST_INVITATIONS_ITEM_ROLE_VALUES!r}"
    )

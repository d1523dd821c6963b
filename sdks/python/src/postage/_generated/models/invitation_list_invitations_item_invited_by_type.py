from typing import Literal, cast

InvitationListInvitationsItemInvitedByType = Literal["cli", "key", "system", "user"]

INVITATION_LIST_INVITATIONS_ITEM_INVITED_BY_TYPE_VALUES: set[
    InvitationListInvitationsItemInvitedByType
] = {
    "cli",
    "key",
    "system",
    "user",
}


def check_invitation_list_invitations_item_invited_by_type(
    value: str,
) -> InvitationListInvitationsItemInvitedByType:
    if value in INVITATION_LIST_INVITATIONS_ITEM_INVITED_BY_TYPE_VALUES:
        return cast(InvitationListInvitationsItemInvitedByType, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {INVITATION_LIST_INVITATIONS_ITEM_INVITED_BY_TYPE_VALUES!r}"
    )

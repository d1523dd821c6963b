from typing import Literal, cast

MemberListMembersItemRole = Literal["admin", "developer", "owner", "viewer"]

MEMBER_LIST_MEMBERS_ITEM_ROLE_VALUES: set[MemberListMembersItemRole] = {
    "admin",
    "developer",
    "owner",
    "viewer",
}


def check_member_list_members_item_role(value: str) -> MemberListMembersItemRole:
    if value in MEMBER_LIST_MEMBERS_ITEM_ROLE_VALUES:
        return cast(MemberListMembersItemRole, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {MEMBER_LIST_MEMBERS_ITEM_ROLE_VALUES!r}"
    )

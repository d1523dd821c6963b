from typing import Literal, cast

RemovedMemberMemberRole = Literal["admin", "developer", "owner", "viewer"]

REMOVED_MEMBER_MEMBER_ROLE_VALUES: set[RemovedMemberMemberRole] = {
    "admin",
    "developer",
    "owner",
    "viewer",
}


def check_removed_member_member_role(value: str) -> RemovedMemberMemberRole:
    if value in REMOVED_MEMBER_MEMBER_ROLE_VALUES:
        return cast(RemovedMemberMemberRole, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REMOVED_MEMBER_MEMBER_ROLE_VALUES!r}"
    )

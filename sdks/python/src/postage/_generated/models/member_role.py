from typing import Literal, cast

MemberRole = Literal["admin", "developer", "owner", "viewer"]

MEMBER_ROLE_VALUES: set[MemberRole] = {
    "admin",
    "developer",
    "owner",
    "viewer",
}


def check_member_role(value: str) -> MemberRole:
    if value in MEMBER_ROLE_VALUES:
        return cast(MemberRole, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {MEMBER_ROLE_VALUES!r}"
    )

from typing import Literal, cast

MemberRoleRequestRole = Literal["admin", "developer", "viewer"]

MEMBER_ROLE_REQUEST_ROLE_VALUES: set[MemberRoleRequestRole] = {
    "admin",
    "developer",
    "viewer",
}


def check_member_role_request_role(value: str) -> MemberRoleRequestRole:
    if value in MEMBER_ROLE_REQUEST_ROLE_VALUES:
        return cast(MemberRoleRequestRole, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {MEMBER_ROLE_REQUEST_ROLE_VALUES!r}"
    )

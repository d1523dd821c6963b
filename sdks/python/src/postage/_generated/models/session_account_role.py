from typing import Literal, cast

SessionAccountRole = Literal["admin", "developer", "owner", "viewer"]

SESSION_ACCOUNT_ROLE_VALUES: set[SessionAccountRole] = {
    "admin",
    "developer",
    "owner",
    "viewer",
}


def check_session_account_role(value: str) -> SessionAccountRole:
    if value in SESSION_ACCOUNT_ROLE_VALUES:
        return cast(SessionAccountRole, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SESSION_ACCOUNT_ROLE_VALUES!r}"
    )

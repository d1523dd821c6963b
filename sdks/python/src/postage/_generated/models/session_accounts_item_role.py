from typing import Literal, cast

SessionAccountsItemRole = Literal["admin", "developer", "owner", "viewer"]

SESSION_ACCOUNTS_ITEM_ROLE_VALUES: set[SessionAccountsItemRole] = {
    "admin",
    "developer",
    "owner",
    "viewer",
}


def check_session_accounts_item_role(value: str) -> SessionAccountsItemRole:
    if value in SESSION_ACCOUNTS_ITEM_ROLE_VALUES:
        return cast(SessionAccountsItemRole, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SESSION_ACCOUNTS_ITEM_ROLE_VALUES!r}"
    )

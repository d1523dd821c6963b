from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.session_account import SessionAccount
    from ..models.session_accounts_item import SessionAccountsItem
    from ..models.session_user import SessionUser


T = TypeVar("T", bound="Session")


@_attrs_define
class Session:
    """
    Attributes:
        user (SessionUser):
        account (SessionAccount):
        accounts (list['SessionAccountsItem']): Every account the person belongs to, the one used last first.
        csrf_token (str): Send it as X-CSRF-Token on every state-changing request made with this session.
    """

    user: "SessionUser"
    account: "SessionAccount"
    accounts: list["SessionAccountsItem"]
    csrf_token: str

    def to_dict(self) -> dict[str, Any]:
        user = self.user.to_dict()

        account = self.account.to_dict()

        accounts = []
        for accounts_item_data in self.accounts:
            accounts_item = accounts_item_data.to_dict()
            accounts.append(accounts_item)

        csrf_token = self.csrf_token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user": user,
                "account": account,
                "accounts": accounts,
                "csrf_token": csrf_token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.session_account import SessionAccount
        from ..models.session_accounts_item import SessionAccountsItem
        from ..models.session_user import SessionUser

        d = dict(src_dict)
        user = SessionUser.from_dict(d.pop("user"))

        account = SessionAccount.from_dict(d.pop("account"))

        accounts = []
        _accounts = d.pop("accounts")
        for accounts_item_data in _accounts:
            accounts_item = SessionAccountsItem.from_dict(accounts_item_data)

            accounts.append(accounts_item)

        csrf_token = d.pop("csrf_token")

        session = cls(
            user=user,
            account=account,
            accounts=accounts,
            csrf_token=csrf_token,
        )

        return session

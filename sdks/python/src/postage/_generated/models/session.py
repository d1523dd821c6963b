from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.session_account import SessionAccount
    from ..models.session_user import SessionUser


T = TypeVar("T", bound="Session")


@_attrs_define
class Session:
    """
    Attributes:
        user (SessionUser):
        account (SessionAccount):
        csrf_token (str): Send it as X-CSRF-Token on every state-changing request made with this session.
    """

    user: "SessionUser"
    account: "SessionAccount"
    csrf_token: str

    def to_dict(self) -> dict[str, Any]:
        user = self.user.to_dict()

        account = self.account.to_dict()

        csrf_token = self.csrf_token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user": user,
                "account": account,
                "csrf_token": csrf_token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.session_account import SessionAccount
        from ..models.session_user import SessionUser

        d = dict(src_dict)
        user = SessionUser.from_dict(d.pop("user"))

        account = SessionAccount.from_dict(d.pop("account"))

        csrf_token = d.pop("csrf_token")

        session = cls(
            user=user,
            account=account,
            csrf_token=csrf_token,
        )

        return session

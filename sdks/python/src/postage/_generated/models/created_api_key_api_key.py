import datetime
from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define
from dateutil.parser import isoparse

from ..models.created_api_key_api_key_permission import (
    CreatedApiKeyApiKeyPermission,
    check_created_api_key_api_key_permission,
)
from ..models.created_api_key_api_key_state import (
    CreatedApiKeyApiKeyState,
    check_created_api_key_api_key_state,
)

if TYPE_CHECKING:
    from ..models.created_api_key_api_key_created_by_type_0 import (
        CreatedApiKeyApiKeyCreatedByType0,
    )


T = TypeVar("T", bound="CreatedApiKeyApiKey")


@_attrs_define
class CreatedApiKeyApiKey:
    """
    Attributes:
        id (str):
        name (str):
        prefix (str): The public part of the key (`pk_<lookup id>`); the secret is never shown again.
        permission (CreatedApiKeyApiKeyPermission):
        domains (list[str]):
        state (CreatedApiKeyApiKeyState):
        expires_at (Union[None, datetime.datetime]):
        revoked_at (Union[None, datetime.datetime]):
        last_used_at (Union[None, datetime.datetime]):
        created_at (datetime.datetime):
        created_by (Union['CreatedApiKeyApiKeyCreatedByType0', None]):
    """

    id: str
    name: str
    prefix: str
    permission: CreatedApiKeyApiKeyPermission
    domains: list[str]
    state: CreatedApiKeyApiKeyState
    expires_at: Union[None, datetime.datetime]
    revoked_at: Union[None, datetime.datetime]
    last_used_at: Union[None, datetime.datetime]
    created_at: datetime.datetime
    created_by: Union["CreatedApiKeyApiKeyCreatedByType0", None]

    def to_dict(self) -> dict[str, Any]:
        from ..models.created_api_key_api_key_created_by_type_0 import (
            CreatedApiKeyApiKeyCreatedByType0,
        )

        id = self.id

        name = self.name

        prefix = self.prefix

        permission: str = self.permission

        domains = self.domains

        state: str = self.state

        expires_at: Union[None, str]
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        revoked_at: Union[None, str]
        if isinstance(self.revoked_at, datetime.datetime):
            revoked_at = self.revoked_at.isoformat()
        else:
            revoked_at = self.revoked_at

        last_used_at: Union[None, str]
        if isinstance(self.last_used_at, datetime.datetime):
            last_used_at = self.last_used_at.isoformat()
        else:
            last_used_at = self.last_used_at

        created_at = self.created_at.isoformat()

        created_by: Union[None, dict[str, Any]]
        if isinstance(self.created_by, CreatedApiKeyApiKeyCreatedByType0):
            created_by = self.created_by.to_dict()
        else:
            created_by = self.created_by

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "prefix": prefix,
                "permission": permission,
                "domains": domains,
                "state": state,
                "expires_at": expires_at,
                "revoked_at": revoked_at,
                "last_used_at": last_used_at,
                "created_at": created_at,
                "created_by": created_by,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.created_api_key_api_key_created_by_type_0 import (
            CreatedApiKeyApiKeyCreatedByType0,
        )

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        prefix = d.pop("prefix")

        permission = check_created_api_key_api_key_permission(d.pop("permission"))

        domains = cast(list[str], d.pop("domains"))

        state = check_created_api_key_api_key_state(d.pop("state"))

        def _parse_expires_at(data: object) -> Union[None, datetime.datetime]:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = isoparse(data)

                return expires_at_type_0
            except:  # noqa: E722
                pass
            return cast(Union[None, datetime.datetime], data)

        expires_at = _parse_expires_at(d.pop("expires_at"))

        def _parse_revoked_at(data: object) -> Union[None, datetime.datetime]:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                revoked_at_type_0 = isoparse(data)

                return revoked_at_type_0
            except:  # noqa: E722
                pass
            return cast(Union[None, datetime.datetime], data)

        revoked_at = _parse_revoked_at(d.pop("revoked_at"))

        def _parse_last_used_at(data: object) -> Union[None, datetime.datetime]:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_used_at_type_0 = isoparse(data)

                return last_used_at_type_0
            except:  # noqa: E722
                pass
            return cast(Union[None, datetime.datetime], data)

        last_used_at = _parse_last_used_at(d.pop("last_used_at"))

        created_at = isoparse(d.pop("created_at"))

        def _parse_created_by(
            data: object,
        ) -> Union["CreatedApiKeyApiKeyCreatedByType0", None]:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                created_by_type_0 = CreatedApiKeyApiKeyCreatedByType0.from_dict(data)

                return created_by_type_0
            except:  # noqa: E722
                pass
            return cast(Union["CreatedApiKeyApiKeyCreatedByType0", None], data)

        created_by = _parse_created_by(d.pop("created_by"))

        created_api_key_api_key = cls(
            id=id,
            name=name,
            prefix=prefix,
            permission=permission,
            domains=domains,
            state=state,
            expires_at=expires_at,
            revoked_at=revoked_at,
            last_used_at=last_used_at,
            created_at=created_at,
            created_by=created_by,
        )

        return created_api_key_api_key

import datetime
from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define
from dateutil.parser import isoparse

from ..models.create_api_key_request_permission import (
    CreateApiKeyRequestPermission,
    check_create_api_key_request_permission,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateApiKeyRequest")


@_attrs_define
class CreateApiKeyRequest:
    """
    Attributes:
        name (str): Not only spaces.
        permission (Union[Unset, CreateApiKeyRequestPermission]):  Default: 'sending'.
        domains (Union[Unset, list[str]]): Domains the key may send from, each a domain of this account (another name is
            a 400 on `domains`); empty or absent: all the account's domains.
        expires_at (Union[None, Unset, datetime.datetime]):
    """

    name: str
    permission: Union[Unset, CreateApiKeyRequestPermission] = "sending"
    domains: Union[Unset, list[str]] = UNSET
    expires_at: Union[None, Unset, datetime.datetime] = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        permission: Union[Unset, str] = UNSET
        if not isinstance(self.permission, Unset):
            permission = self.permission

        domains: Union[Unset, list[str]] = UNSET
        if not isinstance(self.domains, Unset):
            domains = self.domains

        expires_at: Union[None, Unset, str]
        if isinstance(self.expires_at, Unset):
            expires_at = UNSET
        elif isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if permission is not UNSET:
            field_dict["permission"] = permission
        if domains is not UNSET:
            field_dict["domains"] = domains
        if expires_at is not UNSET:
            field_dict["expires_at"] = expires_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        _permission = d.pop("permission", UNSET)
        permission: Union[Unset, CreateApiKeyRequestPermission]
        if isinstance(_permission, Unset):
            permission = UNSET
        else:
            permission = check_create_api_key_request_permission(_permission)

        domains = cast(list[str], d.pop("domains", UNSET))

        def _parse_expires_at(data: object) -> Union[None, Unset, datetime.datetime]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = isoparse(data)

                return expires_at_type_0
            except:  # noqa: E722
                pass
            return cast(Union[None, Unset, datetime.datetime], data)

        expires_at = _parse_expires_at(d.pop("expires_at", UNSET))

        create_api_key_request = cls(
            name=name,
            permission=permission,
            domains=domains,
            expires_at=expires_at,
        )

        return create_api_key_request

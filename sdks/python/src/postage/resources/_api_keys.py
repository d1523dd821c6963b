"""``client.api_keys``: the account's API keys (a ``full_access`` key)."""

from __future__ import annotations

import datetime as _dt
from typing import Optional, Sequence, Union

from .._base import Call, path_param
from .._generated.api.management import delete_api_api_keys_id as _revoke
from .._generated.api.management import get_api_api_keys as _list
from .._generated.api.management import post_api_api_keys as _create
from .._generated.models import ApiKey, ApiKeyList, CreateApiKeyRequest, CreatedApiKey
from .._params import NOT_GIVEN, NotGiven, compact, iso_datetime
from ._resource import AsyncResource, SyncResource

__all__ = ["ApiKeys", "AsyncApiKeys"]


def _create_call(
    name: str, permission: Optional[str], domains: Optional[Sequence[str]], expires_at: Union[_dt.datetime, str, None, NotGiven]
) -> Call[CreatedApiKey]:
    fields = compact(name=name, permission=permission, domains=list(domains) if domains is not None else None)
    if expires_at is not NOT_GIVEN:
        fields["expires_at"] = None if expires_at is None else iso_datetime(expires_at, "expires_at")  # type: ignore[arg-type]
    return Call(_create._get_kwargs(body=CreateApiKeyRequest.from_dict(fields)), CreatedApiKey.from_dict)


class ApiKeys(SyncResource):
    def list(self) -> ApiKeyList:
        """The account's keys, without their secrets (``GET /api/api-keys``)."""
        return self._client._request(Call(_list._get_kwargs(), ApiKeyList.from_dict))

    def create(
        self,
        *,
        name: str,
        permission: Optional[str] = None,
        domains: Optional[Sequence[str]] = None,
        expires_at: Union[_dt.datetime, str, None, NotGiven] = NOT_GIVEN,
    ) -> CreatedApiKey:
        """Create a key (``permission`` ``"sending"`` or ``"full_access"``; ``domains`` scopes it).
        The answer's ``secret`` is shown this once."""
        return self._client._request(_create_call(name, permission, domains, expires_at))

    def revoke(self, key_id: str) -> ApiKey:
        """Revoke a key at once (``DELETE /api/api-keys/{id}``)."""
        return self._client._request(Call(_revoke._get_kwargs(path_param(key_id)), ApiKey.from_dict))


class AsyncApiKeys(AsyncResource):
    async def list(self) -> ApiKeyList:
        """The account's keys; see :meth:`ApiKeys.list`."""
        return await self._client._request(Call(_list._get_kwargs(), ApiKeyList.from_dict))

    async def create(
        self,
        *,
        name: str,
        permission: Optional[str] = None,
        domains: Optional[Sequence[str]] = None,
        expires_at: Union[_dt.datetime, str, None, NotGiven] = NOT_GIVEN,
    ) -> CreatedApiKey:
        """Create a key; see :meth:`ApiKeys.create`."""
        return await self._client._request(_create_call(name, permission, domains, expires_at))

    async def revoke(self, key_id: str) -> ApiKey:
        """Revoke a key; see :meth:`ApiKeys.revoke`."""
        return await self._client._request(Call(_revoke._get_kwargs(path_param(key_id)), ApiKey.from_dict))

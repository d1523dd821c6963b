"""``client.me`` (any key) and ``client.usage`` (a ``full_access`` key): the key's account."""

from __future__ import annotations

from .._base import Call
from .._generated.api.default import me as _me
from .._generated.api.management import get_api_usage as _usage
from .._generated.models import AccountRecord, Usage
from ._resource import AsyncResource, SyncResource

__all__ = ["Me", "AsyncMe", "UsageResource", "AsyncUsageResource"]


class Me(SyncResource):
    def get(self) -> AccountRecord:
        """The key's account: identity, verification, plan, BYOC status, verified domains and
        this month's usage (``GET /api/me/``). Any key may call it: a cheap check of a key."""
        return self._client._request(Call(_me._get_kwargs(), AccountRecord.from_dict))


class AsyncMe(AsyncResource):
    async def get(self) -> AccountRecord:
        """The key's account; see :meth:`Me.get`."""
        return await self._client._request(Call(_me._get_kwargs(), AccountRecord.from_dict))


class UsageResource(SyncResource):
    def get(self) -> Usage:
        """This month's allowance and use by mode, and daily counts (``GET /api/usage``)."""
        return self._client._request(Call(_usage._get_kwargs(), Usage.from_dict))


class AsyncUsageResource(AsyncResource):
    async def get(self) -> Usage:
        """This month's allowance and use; see :meth:`UsageResource.get`."""
        return await self._client._request(Call(_usage._get_kwargs(), Usage.from_dict))

"""``client.suppressions``: the addresses the account no longer sends to."""

from __future__ import annotations

from typing import AsyncIterator, Iterator, Optional

from .._base import Call, path_param
from .._generated.api.management import delete_api_suppressions_address as _delete
from .._generated.api.management import get_api_suppressions as _list
from .._generated.api.management import get_api_suppressions_address as _get
from .._generated.api.management import post_api_suppressions as _add
from .._generated.models import CreateSuppressionRequest, Deleted, Suppression, SuppressionAdded, SuppressionList, SuppressionListSuppressionsItem
from .._generated.types import UNSET
from ._resource import AsyncResource, SyncResource

__all__ = ["Suppressions", "AsyncSuppressions"]


def _list_call(search: Optional[str], limit: Optional[int], cursor: Optional[str]) -> Call[SuppressionList]:
    kwargs = _list._get_kwargs(
        search=search if search is not None else UNSET,
        limit=limit if limit is not None else UNSET,
        cursor=cursor if cursor is not None else UNSET,
    )
    return Call(kwargs, SuppressionList.from_dict)


def _add_call(address: str) -> Call[SuppressionAdded]:
    return Call(_add._get_kwargs(body=CreateSuppressionRequest.from_dict({"address": address})), SuppressionAdded.from_dict)


class Suppressions(SyncResource):
    def list(self, *, search: Optional[str] = None, limit: Optional[int] = None, cursor: Optional[str] = None) -> SuppressionList:
        """One page of the suppression list (``GET /api/suppressions``); ``search`` matches part
        of an address. Pass ``next_cursor`` as ``cursor`` for the next page, or use :meth:`iterate`."""
        return self._client._request(_list_call(search, limit, cursor))

    def iterate(self, *, search: Optional[str] = None, page_size: Optional[int] = None) -> Iterator[SuppressionListSuppressionsItem]:
        """Every entry of the suppression list: a generator that follows ``next_cursor``."""
        cursor: Optional[str] = None
        while True:
            page = self.list(search=search, limit=page_size, cursor=cursor)
            yield from page.suppressions
            if not page.next_cursor:
                return
            cursor = page.next_cursor

    def add(self, address: str) -> SuppressionAdded:
        """Suppress an address by hand (``POST /api/suppressions``)."""
        return self._client._request(_add_call(address))

    def get(self, address: str) -> Suppression:
        """The address's entry; a :class:`~postage.NotFoundError` when it is not suppressed."""
        return self._client._request(Call(_get._get_kwargs(path_param(address)), Suppression.from_dict))

    def delete(self, address: str) -> Deleted:
        """Send to the address again (``DELETE /api/suppressions/{address}``)."""
        return self._client._request(Call(_delete._get_kwargs(path_param(address)), Deleted.from_dict))


class AsyncSuppressions(AsyncResource):
    async def list(self, *, search: Optional[str] = None, limit: Optional[int] = None, cursor: Optional[str] = None) -> SuppressionList:
        """One page of the suppression list; see :meth:`Suppressions.list`."""
        return await self._client._request(_list_call(search, limit, cursor))

    async def iterate(self, *, search: Optional[str] = None, page_size: Optional[int] = None) -> AsyncIterator[SuppressionListSuppressionsItem]:
        """Every entry of the suppression list (``async for``); see :meth:`Suppressions.iterate`."""
        cursor: Optional[str] = None
        while True:
            page = await self.list(search=search, limit=page_size, cursor=cursor)
            for entry in page.suppressions:
                yield entry
            if not page.next_cursor:
                return
            cursor = page.next_cursor

    async def add(self, address: str) -> SuppressionAdded:
        """Suppress an address; see :meth:`Suppressions.add`."""
        return await self._client._request(_add_call(address))

    async def get(self, address: str) -> Suppression:
        """The address's entry; see :meth:`Suppressions.get`."""
        return await self._client._request(Call(_get._get_kwargs(path_param(address)), Suppression.from_dict))

    async def delete(self, address: str) -> Deleted:
        """Send to the address again; see :meth:`Suppressions.delete`."""
        return await self._client._request(Call(_delete._get_kwargs(path_param(address)), Deleted.from_dict))

"""``client.members``, ``client.invitations`` and ``client.audit``: the team and the audit log, as an
API key sees them (a ``full_access`` key), read only. Inviting, removing and changing people need a
signed-in admin or owner (the document marks those operations ``x-postage-api-key: false``), so
they are the dashboard's, not the SDK's."""

from __future__ import annotations

import datetime as _dt
from typing import AsyncIterator, Iterator, Optional, Union

from .._base import Call
from .._generated.api.team import get_api_audit as _audit
from .._generated.api.team import get_api_invitations as _invitations
from .._generated.api.team import get_api_members as _members
from .._generated.models import AuditList, AuditListEntriesItem, InvitationList, MemberList
from .._generated.types import UNSET
from .._params import query_time
from ._resource import AsyncResource, SyncResource

__all__ = ["Members", "AsyncMembers", "Invitations", "AsyncInvitations", "AuditLog", "AsyncAuditLog"]


def _members_call() -> Call[MemberList]:
    return Call(_members._get_kwargs(), MemberList.from_dict)


def _invitations_call() -> Call[InvitationList]:
    return Call(_invitations._get_kwargs(), InvitationList.from_dict)


def _audit_call(
    actor: Optional[str],
    action: Optional[str],
    since: Union[_dt.date, str, None],
    until: Union[_dt.date, str, None],
    limit: Optional[int],
    cursor: Optional[str],
) -> Call[AuditList]:
    kwargs = _audit._get_kwargs(
        actor=actor if actor is not None else UNSET,
        action=action if action is not None else UNSET,
        since=query_time(since, "since") if since is not None else UNSET,
        until=query_time(until, "until") if until is not None else UNSET,
        limit=limit if limit is not None else UNSET,
        cursor=cursor if cursor is not None else UNSET,
    )
    return Call(kwargs, AuditList.from_dict)


class Members(SyncResource):
    def list(self) -> MemberList:
        """Every member of the account with their role (``viewer``, ``developer``, ``admin``,
        ``owner``), the earliest first (``GET /api/members``)."""
        return self._client._request(_members_call())


class AsyncMembers(AsyncResource):
    async def list(self) -> MemberList:
        """Every member of the account; see :meth:`Members.list`."""
        return await self._client._request(_members_call())


class Invitations(SyncResource):
    def list(self) -> InvitationList:
        """The open invitations (not accepted, revoked or expired), newest first, each with who
        sent it (``GET /api/invitations``)."""
        return self._client._request(_invitations_call())


class AsyncInvitations(AsyncResource):
    async def list(self) -> InvitationList:
        """The open invitations; see :meth:`Invitations.list`."""
        return await self._client._request(_invitations_call())


class AuditLog(SyncResource):
    def list(
        self,
        *,
        actor: Optional[str] = None,
        action: Optional[str] = None,
        since: Union[_dt.date, str, None] = None,
        until: Union[_dt.date, str, None] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> AuditList:
        """One page of the audit log, newest first (``GET /api/audit``): each change to the
        account, who made it (``actor``: a person with their name and email, a key, an operator's
        CLI or the system) and when.

        ``actor``: ``"user:<id>"``, ``"key:<id>"`` or ``"cli:<name>"``; ``action``: an action
        (``"api_key.create"``) or its family (``"api_key"``); ``since``/``until``: a date, an aware
        datetime or an ISO 8601 string; ``limit``: rows per page. Pass the answer's
        ``next_cursor`` as ``cursor`` for the next page, or use :meth:`iterate`, which does."""
        return self._client._request(_audit_call(actor, action, since, until, limit, cursor))

    def iterate(
        self,
        *,
        actor: Optional[str] = None,
        action: Optional[str] = None,
        since: Union[_dt.date, str, None] = None,
        until: Union[_dt.date, str, None] = None,
        page_size: Optional[int] = None,
    ) -> Iterator[AuditListEntriesItem]:
        """Every matching entry of the audit log, newest first: a generator that fetches page
        after page (following ``next_cursor``). Takes :meth:`list`'s filters; ``page_size`` is its
        ``limit``.

            for entry in client.audit.iterate(action="api_key"):
                print(entry.created_at, entry.actor.name, entry.action)
        """
        cursor: Optional[str] = None
        while True:
            page = self.list(actor=actor, action=action, since=since, until=until, limit=page_size, cursor=cursor)
            yield from page.entries
            if not page.next_cursor:
                return
            cursor = page.next_cursor


class AsyncAuditLog(AsyncResource):
    async def list(
        self,
        *,
        actor: Optional[str] = None,
        action: Optional[str] = None,
        since: Union[_dt.date, str, None] = None,
        until: Union[_dt.date, str, None] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> AuditList:
        """One page of the audit log; see :meth:`AuditLog.list`."""
        return await self._client._request(_audit_call(actor, action, since, until, limit, cursor))

    async def iterate(
        self,
        *,
        actor: Optional[str] = None,
        action: Optional[str] = None,
        since: Union[_dt.date, str, None] = None,
        until: Union[_dt.date, str, None] = None,
        page_size: Optional[int] = None,
    ) -> AsyncIterator[AuditListEntriesItem]:
        """Every matching entry of the audit log (``async for``); see :meth:`AuditLog.iterate`."""
        cursor: Optional[str] = None
        while True:
            page = await self.list(actor=actor, action=action, since=since, until=until, limit=page_size, cursor=cursor)
            for entry in page.entries:
                yield entry
            if not page.next_cursor:
                return
            cursor = page.next_cursor

"""``client.emails``: send one email or a batch, read the email log, move or cancel a scheduled send."""

from __future__ import annotations

import datetime as _dt
import uuid
from typing import Any, AsyncIterator, Dict, Iterator, Mapping, Optional, Sequence, Union

import httpx

from .._base import Call, path_param
from .._generated.api.default import send as _send
from .._generated.api.default import send_batch as _send_batch
from .._generated.api.management import get_api_emails as _list
from .._generated.api.management import get_api_emails_message_id as _get
from .._generated.api.management import patch_api_emails_message_id as _reschedule
from .._generated.api.management import post_api_emails_message_id_cancel as _cancel
from .._generated.models import (
    EmailDetail,
    EmailList,
    EmailListEmailsItem,
    EmailSchedule,
    RescheduleRequest,
    SendBatchBody,
    SendRequest,
)
from .._generated.types import UNSET
from .._params import AttachmentLike, compact, iso_datetime, query_time, send_body
from ..models import SendBatchResult, SendResult
from ._resource import AsyncResource, SyncResource

__all__ = ["Emails", "AsyncEmails", "new_idempotency_key"]


def new_idempotency_key() -> str:
    """A fresh idempotency key: a random UUID (what the client makes, once per call, when you
    pass none). Keep one to send the same email again safely later."""
    return str(uuid.uuid4())


def _replayed(response: httpx.Response) -> bool:
    return response.headers.get("idempotent-replayed", "").strip().lower() == "true"


def _send_result(data: Any, response: httpx.Response) -> SendResult:
    result = SendResult.from_dict(data)
    result.idempotent_replayed = _replayed(response)
    return result


def _batch_result(data: Any, response: httpx.Response) -> SendBatchResult:
    result = SendBatchResult.from_dict(data)
    result.idempotent_replayed = _replayed(response)
    return result


def _send_call(
    *,
    to: str,
    from_email: Optional[str],
    subject: Optional[str],
    html: Optional[str],
    message: Optional[str],
    from_name: Optional[str],
    reply_to: Optional[str],
    attachments: Optional[Sequence[AttachmentLike]],
    tags: Optional[Mapping[str, str]],
    template: Union[str, Mapping[str, Any], None],
    variables: Optional[Mapping[str, Any]],
    scheduled_at: Union[_dt.datetime, str, None],
    idempotency_key: Optional[str],
) -> Call[SendResult]:
    body = send_body(
        to=to,
        from_email=from_email,
        subject=subject,
        html=html,
        message=message,
        from_name=from_name,
        reply_to=reply_to,
        attachments=attachments,
        tags=tags,
        template=template,
        variables=variables,
        scheduled_at=scheduled_at,
        idempotency_key=idempotency_key,
    )
    # Every send carries an Idempotency-Key (yours, in the body and the header, which must agree;
    # or a fresh one in the header), so that a retry after a lost answer is answered with the
    # first answer instead of sending the email twice.
    key = idempotency_key or new_idempotency_key()
    kwargs = _send._get_kwargs(body=SendRequest.from_dict(body), idempotency_key=key)
    return Call(kwargs, _send_result, with_response=True)


def _email_dict(email: Union[Mapping[str, Any], SendRequest]) -> Dict[str, Any]:
    if isinstance(email, SendRequest):
        return email.to_dict()
    if not isinstance(email, Mapping):
        raise TypeError(f"each email of a batch is a mapping of send() arguments, not {type(email).__name__}")
    return send_body(**email)


def _batch_call(emails: Sequence[Union[Mapping[str, Any], SendRequest]], idempotency_key: Optional[str]) -> Call[SendBatchResult]:
    if isinstance(emails, (str, bytes, Mapping)):
        raise TypeError("emails is a sequence of emails (mappings of send() arguments)")
    body = SendBatchBody.from_dict({"emails": [_email_dict(e) for e in emails]})
    kwargs = _send_batch._get_kwargs(body=body, idempotency_key=idempotency_key or new_idempotency_key())
    return Call(kwargs, _batch_result, with_response=True)


def _list_call(
    status: Optional[str],
    recipient: Optional[str],
    from_email: Optional[str],
    since: Union[_dt.date, str, None],
    until: Union[_dt.date, str, None],
    tag: Optional[str],
    limit: Optional[int],
    cursor: Optional[str],
) -> Call[EmailList]:
    kwargs = _list._get_kwargs(
        status=status if status is not None else UNSET,  # type: ignore[arg-type]
        recipient=recipient if recipient is not None else UNSET,
        from_=from_email if from_email is not None else UNSET,
        since=query_time(since, "since") if since is not None else UNSET,
        until=query_time(until, "until") if until is not None else UNSET,
        tag=tag if tag is not None else UNSET,
        limit=limit if limit is not None else UNSET,
        cursor=cursor if cursor is not None else UNSET,
    )
    return Call(kwargs, EmailList.from_dict)


def _get_call(message_id: str) -> Call[EmailDetail]:
    return Call(_get._get_kwargs(path_param(message_id)), EmailDetail.from_dict)


def _reschedule_call(message_id: str, scheduled_at: Union[_dt.datetime, str]) -> Call[EmailSchedule]:
    body = RescheduleRequest.from_dict(compact(scheduled_at=iso_datetime(scheduled_at, "scheduled_at")))
    return Call(_reschedule._get_kwargs(path_param(message_id), body=body), EmailSchedule.from_dict)


def _cancel_call(message_id: str) -> Call[EmailSchedule]:
    return Call(_cancel._get_kwargs(path_param(message_id)), EmailSchedule.from_dict)


class Emails(SyncResource):
    def send(
        self,
        *,
        from_email: str,
        to: str,
        subject: Optional[str] = None,
        html: Optional[str] = None,
        message: Optional[str] = None,
        from_name: Optional[str] = None,
        reply_to: Optional[str] = None,
        attachments: Optional[Sequence[AttachmentLike]] = None,
        tags: Optional[Mapping[str, str]] = None,
        template: Union[str, Mapping[str, Any], None] = None,
        variables: Optional[Mapping[str, Any]] = None,
        scheduled_at: Union[_dt.datetime, str, None] = None,
        idempotency_key: Optional[str] = None,
    ) -> SendResult:
        """Queue one email (``POST /api/send/``).

        ``to`` is one recipient (``"ann@example.org"`` or ``"Ann <ann@example.org>"``);
        ``from_email`` an address on a verified domain of the account; at least one of
        ``message`` (plain text), ``html``, ``attachments`` or ``template`` (a stored template's
        id or alias, rendered with ``variables``). ``scheduled_at`` (an aware datetime, at most 30
        days ahead) sends it later. ``tags``: up to 10 name/value pairs.

        Safe to retry: the request carries ``idempotency_key`` (or a fresh key), so the client's
        own retries, and yours with the same key, are answered once. The result's
        ``idempotent_replayed`` is true when the API answered with the answer of an earlier
        request with the same key (the email was queued once, by that request).
        """
        return self._client._request(
            _send_call(
                to=to,
                from_email=from_email,
                subject=subject,
                html=html,
                message=message,
                from_name=from_name,
                reply_to=reply_to,
                attachments=attachments,
                tags=tags,
                template=template,
                variables=variables,
                scheduled_at=scheduled_at,
                idempotency_key=idempotency_key,
            )
        )

    def send_batch(self, emails: Sequence[Union[Mapping[str, Any], SendRequest]], *, idempotency_key: Optional[str] = None) -> SendBatchResult:
        """Queue up to 100 emails in one request (``POST /api/send/batch``).

        Each email is a mapping of :meth:`send`'s arguments. The answer has one entry per email,
        in order: accepted (``success`` true, ``message_id``) or refused (``error`` and
        ``detail``, or field ``errors``); one refusal never affects the others.
        """
        return self._client._request(_batch_call(emails, idempotency_key))

    def list(
        self,
        *,
        status: Optional[str] = None,
        recipient: Optional[str] = None,
        from_email: Optional[str] = None,
        since: Union[_dt.date, str, None] = None,
        until: Union[_dt.date, str, None] = None,
        tag: Optional[str] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> EmailList:
        """One page of the email log, newest first (``GET /api/emails``).

        ``status``: ``queued``, ``sent``, ``delivered``, ``bounced``, ``complained``, ``failed``,
        ``scheduled`` or ``canceled``; ``tag``: ``"name:value"``; ``since``/``until``: a date,
        an aware datetime or an ISO 8601 string; ``limit``: rows per page. Pass the answer's
        ``next_cursor`` as ``cursor`` for the next page, or use :meth:`iterate`, which does."""
        return self._client._request(_list_call(status, recipient, from_email, since, until, tag, limit, cursor))

    def iterate(
        self,
        *,
        status: Optional[str] = None,
        recipient: Optional[str] = None,
        from_email: Optional[str] = None,
        since: Union[_dt.date, str, None] = None,
        until: Union[_dt.date, str, None] = None,
        tag: Optional[str] = None,
        page_size: Optional[int] = None,
    ) -> Iterator[EmailListEmailsItem]:
        """Every matching email of the log, newest first: a generator that fetches page after page
        (following ``next_cursor``) as you consume it. Takes :meth:`list`'s filters;
        ``page_size`` is its ``limit``.

            for email in client.emails.iterate(tag="campaign:welcome", status="bounced"):
                print(email.message_id, email.recipient)
        """
        cursor: Optional[str] = None
        while True:
            page = self.list(status=status, recipient=recipient, from_email=from_email, since=since, until=until, tag=tag, limit=page_size, cursor=cursor)
            yield from page.emails
            if not page.next_cursor:
                return
            cursor = page.next_cursor

    def get(self, message_id: str) -> EmailDetail:
        """One email of the log with its timeline and webhook deliveries (``GET /api/emails/{message_id}``)."""
        return self._client._request(_get_call(message_id))

    def reschedule(self, message_id: str, *, scheduled_at: Union[_dt.datetime, str]) -> EmailSchedule:
        """Move a scheduled send (``PATCH /api/emails/{message_id}``)."""
        return self._client._request(_reschedule_call(message_id, scheduled_at))

    def cancel(self, message_id: str) -> EmailSchedule:
        """Cancel a scheduled send; its count is given back (``POST /api/emails/{message_id}/cancel``)."""
        return self._client._request(_cancel_call(message_id))


class AsyncEmails(AsyncResource):
    async def send(
        self,
        *,
        from_email: str,
        to: str,
        subject: Optional[str] = None,
        html: Optional[str] = None,
        message: Optional[str] = None,
        from_name: Optional[str] = None,
        reply_to: Optional[str] = None,
        attachments: Optional[Sequence[AttachmentLike]] = None,
        tags: Optional[Mapping[str, str]] = None,
        template: Union[str, Mapping[str, Any], None] = None,
        variables: Optional[Mapping[str, Any]] = None,
        scheduled_at: Union[_dt.datetime, str, None] = None,
        idempotency_key: Optional[str] = None,
    ) -> SendResult:
        """Queue one email (``POST /api/send/``); see :meth:`Emails.send`."""
        return await self._client._request(
            _send_call(
                to=to,
                from_email=from_email,
                subject=subject,
                html=html,
                message=message,
                from_name=from_name,
                reply_to=reply_to,
                attachments=attachments,
                tags=tags,
                template=template,
                variables=variables,
                scheduled_at=scheduled_at,
                idempotency_key=idempotency_key,
            )
        )

    async def send_batch(self, emails: Sequence[Union[Mapping[str, Any], SendRequest]], *, idempotency_key: Optional[str] = None) -> SendBatchResult:
        """Queue up to 100 emails in one request; see :meth:`Emails.send_batch`."""
        return await self._client._request(_batch_call(emails, idempotency_key))

    async def list(
        self,
        *,
        status: Optional[str] = None,
        recipient: Optional[str] = None,
        from_email: Optional[str] = None,
        since: Union[_dt.date, str, None] = None,
        until: Union[_dt.date, str, None] = None,
        tag: Optional[str] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> EmailList:
        """One page of the email log; see :meth:`Emails.list`."""
        return await self._client._request(_list_call(status, recipient, from_email, since, until, tag, limit, cursor))

    async def iterate(
        self,
        *,
        status: Optional[str] = None,
        recipient: Optional[str] = None,
        from_email: Optional[str] = None,
        since: Union[_dt.date, str, None] = None,
        until: Union[_dt.date, str, None] = None,
        tag: Optional[str] = None,
        page_size: Optional[int] = None,
    ) -> AsyncIterator[EmailListEmailsItem]:
        """Every matching email of the log, page after page (``async for``)."""
        cursor: Optional[str] = None
        while True:
            page = await self.list(status=status, recipient=recipient, from_email=from_email, since=since, until=until, tag=tag, limit=page_size, cursor=cursor)
            for email in page.emails:
                yield email
            if not page.next_cursor:
                return
            cursor = page.next_cursor

    async def get(self, message_id: str) -> EmailDetail:
        """One email of the log; see :meth:`Emails.get`."""
        return await self._client._request(_get_call(message_id))

    async def reschedule(self, message_id: str, *, scheduled_at: Union[_dt.datetime, str]) -> EmailSchedule:
        """Move a scheduled send; see :meth:`Emails.reschedule`."""
        return await self._client._request(_reschedule_call(message_id, scheduled_at))

    async def cancel(self, message_id: str) -> EmailSchedule:
        """Cancel a scheduled send; see :meth:`Emails.cancel`."""
        return await self._client._request(_cancel_call(message_id))

# Generated from _async/resources.py by unasync (sdks/python/generate.sh): do not edit.
"""The API's resources as client attributes (``client.emails``, ``client.domains``, ...): each
method names its operation's method and path and hands them to the client's one request core
(``_request``, ``_paginate``). Written once, here; unasync writes the blocking twin
(``postage._sync.resources``: ``Emails`` for ``AsyncEmails``, and so on)."""

from __future__ import annotations

import datetime as _dt
from types import TracebackType
from typing import TYPE_CHECKING, Any, Iterator, List, Mapping, Optional, Sequence, Type, TypeVar, Union
from urllib.parse import unquote

import httpx

from .. import errors
from .._core import path_param
from .._params import NOT_GIVEN, AttachmentLike, NotGiven, batch_body, compact, iso_datetime, new_idempotency_key, query_time, send_body
from .._sse import EventStreamParser, LiveEvent
from ..models import (
    AccountRecord,
    ApiKey,
    ApiKeyList,
    AuditList,
    AuditListEntriesItem,
    ByocPolicy,
    ByocSaved,
    ByocValidation,
    CloudFormationTemplate,
    CreatedApiKey,
    CreatedWebhook,
    DailyStats,
    Deleted,
    Domain,
    DomainList,
    DomainVerification,
    EmailDetail,
    EmailList,
    EmailListEmailsItem,
    EmailSchedule,
    InboundDomain,
    InboundDomainList,
    InboundDomainVerification,
    InboundMessage,
    InboundMessageList,
    InboundMessageSummary,
    InboundRule,
    InboundRuleList,
    InvitationList,
    MemberList,
    Reputation,
    RotatedSecret,
    SendBatchResult,
    SendingQueues,
    SendRequest,
    SendResult,
    Suppression,
    SuppressionAdded,
    SuppressionList,
    SuppressionListSuppressionsItem,
    Template,
    TemplateList,
    TemplateListTemplatesItem,
    TemplatePreview,
    TemplateTestSend,
    TemplateVersionList,
    Usage,
    Webhook,
    WebhookDeliveries,
    WebhookList,
    WebhookReplayResult,
    WebhookTestResult,
)
from ..models import Byoc as ByocConfiguration
from ..webhooks import DEFAULT_TOLERANCE_SECONDS, Payload, Secrets, WebhookEvent
from ..webhooks import verify as _verify

if TYPE_CHECKING:
    from .client import Postage

__all__ = [
    "Me",
    "UsageResource",
    "SendingQueue",
    "Stats",
    "ReputationResource",
    "Emails",
    "Domains",
    "ApiKeys",
    "Webhooks",
    "Events",
    "LiveEventStream",
    "Suppressions",
    "Templates",
    "Byoc",
    "Members",
    "Invitations",
    "AuditLog",
    "Inbound",
    "InboundDomains",
    "InboundRules",
]

_Nullable = Union[str, None, NotGiven]


def _time(value: Union[_dt.date, str, None], name: str) -> Optional[str]:
    return query_time(value, name) if value is not None else None


def _given(fields: Mapping[str, Any], **values: Any) -> Mapping[str, Any]:
    """``fields`` and those of ``values`` that are not NOT_GIVEN (their None is sent as null)."""
    return {**fields, **{k: v for k, v in values.items() if v is not NOT_GIVEN}}


class Resource:
    def __init__(self, client: "Postage") -> None:
        self._client = client


# The account -------------------------------------------------------------------------------


class Me(Resource):
    def get(self) -> AccountRecord:
        """The key's account: identity, verification, plan, BYOC status, verified domains and
        this month's usage (``GET /api/me/``). Any key may call it: a cheap check of a key."""
        return self._client._request("GET", "/api/me/", AccountRecord)

    def key(self) -> ApiKey:
        """The key making the request: its permission (``sending`` or ``full_access``), domain
        scope, networks and expiry, as the key list shows it (``GET /api/me/key``; any key)."""
        return self._client._request("GET", "/api/me/key", ApiKey)


class UsageResource(Resource):
    def get(self) -> Usage:
        """This month's allowance and use by mode, and daily counts (``GET /api/usage``)."""
        return self._client._request("GET", "/api/usage", Usage)


class SendingQueue(Resource):
    def get(self) -> SendingQueues:
        """This account's messages waiting for their turn at SES, by lane, with the pace, the
        expected wait and the last throttle within the hour: ``shared``, and ``byoc`` once BYOC is
        saved (else None) (``GET /api/sending/queue``)."""
        return self._client._request("GET", "/api/sending/queue", SendingQueues)


class Stats(Resource):
    def daily(self, *, days: Optional[int] = None) -> DailyStats:
        """Sent, delivered, bounced, complained, opened and clicked shared-mode messages per UTC
        day of the last ``days`` days (1 to 90, default 30), oldest first; ``opened`` and
        ``clicked`` count distinct messages with an open or click not marked as a machine's
        (``GET /api/stats/daily``)."""
        return self._client._request("GET", "/api/stats/daily", DailyStats, params={"days": days})


class ReputationResource(Resource):
    def get(self) -> Reputation:
        """The account's hard-bounce and complaint rates over the rolling window, by sending domain
        and by day, beside the levels at which Postage warns and pauses and at which SES reviews and
        pauses; and whether sending is paused, and why (``GET /api/reputation``)."""
        return self._client._request("GET", "/api/reputation", Reputation)


# Sending and the email log -----------------------------------------------------------------


class Emails(Resource):
    """``client.emails``: send one email or a batch, read the email log, move or cancel a scheduled send."""

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
        headers: Optional[Mapping[str, str]] = None,
        track_opens: Optional[bool] = None,
        track_clicks: Optional[bool] = None,
        unsubscribe: Optional[Mapping[str, str]] = None,
        idempotency_key: Optional[str] = None,
    ) -> SendResult:
        """Queue one email (``POST /api/send/``).

        ``to`` is one recipient (``"ann@example.org"`` or ``"Ann <ann@example.org>"``);
        ``from_email`` an address on a verified domain of the account; at least one of
        ``message`` (plain text), ``html``, ``attachments`` or ``template`` (a stored template's
        id or alias, rendered with ``variables``). ``scheduled_at`` (an aware datetime, at most 30
        days ahead) sends it later. ``tags``: up to 10 name/value pairs.

        ``headers``: custom headers by name (at most 20; those Postage or SES sets, such as
        ``From`` or ``List-Unsubscribe``, are refused; ``In-Reply-To`` and ``References`` are
        allowed). ``track_opens`` / ``track_clicks`` (shared mode only): add an open pixel, or
        send links through Postage to record ``email.opened`` / ``email.clicked``; left out, the
        domain's defaults apply. ``unsubscribe``: ``{}`` (all mail of the account) or
        ``{"topic": "product-news"}`` adds RFC 8058 one-click unsubscribe headers; a recipient who
        uses them is suppressed (reason ``unsubscribed``, with the topic).

        Safe to retry: the request carries ``idempotency_key`` (or a fresh key), so the client's
        own retries, and yours with the same key, are answered once. The result's
        ``idempotent_replayed`` is true when the API answered with the answer of an earlier
        request with the same key (the email was queued once, by that request).
        """
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
            headers=headers,
            track_opens=track_opens,
            track_clicks=track_clicks,
            unsubscribe=unsubscribe,
            idempotency_key=idempotency_key,
        )
        # Every send carries an Idempotency-Key (yours, in the body and the header, which must
        # agree; or a fresh one in the header), so that a retry after a lost answer is answered
        # with the first answer instead of sending the email twice.
        request_headers = {"Idempotency-Key": idempotency_key or new_idempotency_key()}
        return self._client._request("POST", "/api/send/", SendResult, json=body, headers=request_headers)

    def send_batch(self, emails: Sequence[Union[Mapping[str, Any], SendRequest]], *, idempotency_key: Optional[str] = None) -> SendBatchResult:
        """Queue up to 100 emails in one request (``POST /api/send/batch``).

        Each email is a mapping of :meth:`send`'s arguments. The answer has one entry per email,
        in order: accepted (``success`` true, ``message_id``) or refused (``error`` and
        ``detail``, or field ``errors``); one refusal never affects the others, except
        ``queue_error``: once the queue did not answer, the rest answer it too.
        """
        headers = {"Idempotency-Key": idempotency_key or new_idempotency_key()}
        return self._client._request("POST", "/api/send/batch", SendBatchResult, json=batch_body(emails), headers=headers)

    def list(
        self,
        *,
        status: Optional[str] = None,
        recipient: Optional[str] = None,
        from_email: Optional[str] = None,
        since: Union[_dt.date, str, None] = None,
        until: Union[_dt.date, str, None] = None,
        tag: Optional[str] = None,
        test: Optional[bool] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> EmailList:
        """One page of the email log, newest first (``GET /api/emails``).

        ``status``: ``queued``, ``sent``, ``delivered``, ``bounced``, ``complained``, ``failed``,
        ``scheduled`` or ``canceled``; ``tag``: ``"name:value"``; ``since``/``until``: a date,
        an aware datetime or an ISO 8601 string; ``test``: only a test key's messages (True) or
        none of them (False); ``limit``: rows per page. Pass the answer's
        ``next_cursor`` as ``cursor`` for the next page, or use :meth:`iterate`, which does."""
        params = self._filters(status, recipient, from_email, since, until, tag, test)
        return self._client._request("GET", "/api/emails", EmailList, params={**params, "limit": limit, "cursor": cursor})

    def iterate(
        self,
        *,
        status: Optional[str] = None,
        recipient: Optional[str] = None,
        from_email: Optional[str] = None,
        since: Union[_dt.date, str, None] = None,
        until: Union[_dt.date, str, None] = None,
        tag: Optional[str] = None,
        test: Optional[bool] = None,
        page_size: Optional[int] = None,
    ) -> Iterator[EmailListEmailsItem]:
        """Every matching email of the log, newest first, fetched page after page (following
        ``next_cursor``) as you consume them. Takes :meth:`list`'s filters; ``page_size`` is its
        ``limit``.

            for email in client.emails.iterate(tag="campaign:welcome", status="bounced"):
                print(email.message_id, email.recipient)
        """
        params = self._filters(status, recipient, from_email, since, until, tag, test)
        return self._client._paginate("/api/emails", params, page_size, EmailList, "emails")

    @staticmethod
    def _filters(
        status: Optional[str],
        recipient: Optional[str],
        from_email: Optional[str],
        since: Union[_dt.date, str, None],
        until: Union[_dt.date, str, None],
        tag: Optional[str],
        test: Optional[bool] = None,
    ) -> Mapping[str, Any]:
        return {
            "status": status,
            "recipient": recipient,
            "from": from_email,
            "since": _time(since, "since"),
            "until": _time(until, "until"),
            "tag": tag,
            "test": None if test is None else ("true" if test else "false"),
        }

    def get(self, message_id: str) -> EmailDetail:
        """One email of the log with its timeline and webhook deliveries (``GET /api/emails/{message_id}``)."""
        return self._client._request("GET", f"/api/emails/{path_param(message_id)}", EmailDetail)

    def reschedule(self, message_id: str, *, scheduled_at: Union[_dt.datetime, str]) -> EmailSchedule:
        """Move a scheduled send (``PATCH /api/emails/{message_id}``)."""
        body = {"scheduled_at": iso_datetime(scheduled_at, "scheduled_at")}
        return self._client._request("PATCH", f"/api/emails/{path_param(message_id)}", EmailSchedule, json=body)

    def cancel(self, message_id: str) -> EmailSchedule:
        """Cancel a scheduled send; its count is given back (``POST /api/emails/{message_id}/cancel``)."""
        return self._client._request("POST", f"/api/emails/{path_param(message_id)}/cancel", EmailSchedule)


# Domains and API keys ----------------------------------------------------------------------


class Domains(Resource):
    """``client.domains``: the account's sending domains (a ``full_access`` key)."""

    def list(self) -> DomainList:
        """The account's domains with their DNS records and state (``GET /api/domains``)."""
        return self._client._request("GET", "/api/domains", DomainList)

    def create(self, *, name: str, sending_mode: str) -> Domain:
        """Add a domain (``sending_mode`` ``"shared"`` or ``"byoc"``, fixed for good); the answer lists the records to publish."""
        return self._client._request("POST", "/api/domains", Domain, json={"name": name, "sending_mode": sending_mode})

    def get(self, name: str) -> Domain:
        """One domain (``GET /api/domains/{name}``)."""
        return self._client._request("GET", f"/api/domains/{path_param(name)}", Domain)

    def verify(self, name: str) -> DomainVerification:
        """Check the domain's DNS records now: ownership first, then DKIM (``POST /api/domains/{name}/verify``)."""
        return self._client._request("POST", f"/api/domains/{path_param(name)}/verify", DomainVerification)

    def update(
        self,
        name: str,
        *,
        track_opens: Union[bool, NotGiven] = NOT_GIVEN,
        track_clicks: Union[bool, NotGiven] = NOT_GIVEN,
        tracking_subdomain: _Nullable = NOT_GIVEN,
    ) -> Domain:
        """Change the domain's tracking settings (``PATCH /api/domains/{name}``): ``track_opens``
        and ``track_clicks``, the defaults of sends that do not say (shared mode only), and
        ``tracking_subdomain``, a label whose ``<label>.<domain>`` CNAME (the ``tracking`` record)
        makes tracked links use the domain once :meth:`verify` has seen it (``None`` removes it).
        Only the arguments given are sent."""
        body = _given({}, track_opens=track_opens, track_clicks=track_clicks, tracking_subdomain=tracking_subdomain)
        if not body:
            raise TypeError("pass at least one of track_opens, track_clicks, tracking_subdomain")
        return self._client._request("PATCH", f"/api/domains/{path_param(name)}", Domain, json=body)

    def delete(self, name: str) -> Deleted:
        """Delete a domain (``DELETE /api/domains/{name}``)."""
        return self._client._request("DELETE", f"/api/domains/{path_param(name)}", Deleted)


class ApiKeys(Resource):
    """``client.api_keys``: the account's API keys (a ``full_access`` key)."""

    def list(self) -> ApiKeyList:
        """The account's keys, without their secrets (``GET /api/api-keys``)."""
        return self._client._request("GET", "/api/api-keys", ApiKeyList)

    def create(
        self,
        *,
        name: str,
        permission: Optional[str] = None,
        domains: Optional[Sequence[str]] = None,
        networks: Optional[Sequence[str]] = None,
        test: Optional[bool] = None,
        expires_at: Union[_dt.datetime, str, None, NotGiven] = NOT_GIVEN,
    ) -> CreatedApiKey:
        """Create a key (``permission`` ``"sending"`` or ``"full_access"``; ``domains`` scopes it;
        ``networks``, CIDR ranges, binds it to the addresses it may be used from; ``test=True``
        makes a test key, whose sends are simulated and never reach SES; ``expires_at=None``
        never expires). The answer's ``secret`` is shown this once."""
        body = compact(
            name=name,
            permission=permission,
            domains=list(domains) if domains is not None else None,
            networks=list(networks) if networks is not None else None,
            test=test,
        )
        if expires_at is not NOT_GIVEN:
            body["expires_at"] = None if expires_at is None else iso_datetime(expires_at, "expires_at")  # type: ignore[arg-type]
        return self._client._request("POST", "/api/api-keys", CreatedApiKey, json=body)

    def revoke(self, key_id: str) -> ApiKey:
        """Revoke a key at once (``DELETE /api/api-keys/{id}``)."""
        return self._client._request("DELETE", f"/api/api-keys/{path_param(key_id)}", ApiKey)


# Webhooks ----------------------------------------------------------------------------------


class Webhooks(Resource):
    """``client.webhooks``: webhook endpoints, their deliveries, test events, replays and secret
    rotation (a ``full_access`` key), and :meth:`verify` for a delivery you received (no key
    needed; see :mod:`postage.webhooks`)."""

    def list(self) -> WebhookList:
        """The account's webhook endpoints (``GET /api/webhooks``)."""
        return self._client._request("GET", "/api/webhooks", WebhookList)

    def create(self, *, url: str, events: Sequence[str]) -> CreatedWebhook:
        """Add an endpoint subscribed to ``events`` (``"email.sent"``, ``"email.delivered"``, ...).
        The answer's ``signing_secret`` is shown this once."""
        return self._client._request("POST", "/api/webhooks", CreatedWebhook, json={"url": url, "events": list(events)})

    def update(self, webhook_id: str, *, url: Optional[str] = None, events: Optional[Sequence[str]] = None, active: Optional[bool] = None) -> Webhook:
        """Change an endpoint's URL, events, or switch it on or off (``PATCH /api/webhooks/{id}``)."""
        body = compact(url=url, events=list(events) if events is not None else None, active=active)
        return self._client._request("PATCH", f"/api/webhooks/{path_param(webhook_id)}", Webhook, json=body)

    def delete(self, webhook_id: str) -> Deleted:
        """Delete an endpoint for good (``DELETE /api/webhooks/{id}``)."""
        return self._client._request("DELETE", f"/api/webhooks/{path_param(webhook_id)}", Deleted)

    def deliveries(self, webhook_id: str, *, limit: Optional[int] = None) -> WebhookDeliveries:
        """The endpoint's recent delivery attempts (``GET /api/webhooks/{id}/deliveries``)."""
        return self._client._request("GET", f"/api/webhooks/{path_param(webhook_id)}/deliveries", WebhookDeliveries, params={"limit": limit})

    def test(self, webhook_id: str, *, event_type: Optional[str] = None) -> WebhookTestResult:
        """Post a signed test event (``event_type``, default the endpoint's first event) to it now,
        in the flat test-event shape, and return how it answered (``POST /api/webhooks/{id}/test``)."""
        path = f"/api/webhooks/{path_param(webhook_id)}/test"
        return self._client._request("POST", path, WebhookTestResult, json=compact(event_type=event_type))

    def replay(self, webhook_id: str, delivery_id: str) -> WebhookReplayResult:
        """Send a recorded delivery's event again, once (same ``webhook-id``)."""
        path = f"/api/webhooks/{path_param(webhook_id)}/deliveries/{path_param(delivery_id)}/replay"
        return self._client._request("POST", path, WebhookReplayResult)

    def rotate_secret(self, webhook_id: str) -> RotatedSecret:
        """A new signing secret (shown this once); for 24 hours deliveries carry a Standard
        Webhooks signature made with each of the two."""
        return self._client._request("POST", f"/api/webhooks/{path_param(webhook_id)}/rotate-secret", RotatedSecret)

    @staticmethod
    def verify(
        payload: Payload,
        headers: Mapping[str, Any],
        secret: Secrets,
        *,
        tolerance: float = DEFAULT_TOLERANCE_SECONDS,
        require_timestamp: bool = False,
        now: Optional[float] = None,
        insecure_signature_only: bool = False,
    ) -> WebhookEvent:
        """Checks a delivery your endpoint received (the raw body, its headers, the endpoint's
        signing secret, or ``[new, old]`` during a rotation) and returns its event; raises
        :class:`~postage.WebhookVerificationError` otherwise (the Standard Webhooks headers are
        required; ``insecure_signature_only=True`` also accepts ``X-Service-Signature`` alone,
        giving up replay protection). No I/O, so never awaited. Also ``postage.webhooks.verify``
        and ``Postage.verify_webhook``: no client or key needed."""
        return _verify(
            payload, headers, secret, tolerance=tolerance, require_timestamp=require_timestamp, now=now, insecure_signature_only=insecure_signature_only
        )


# Live events ---------------------------------------------------------------------------------

_Stream = TypeVar("_Stream", bound="LiveEventStream")


class LiveEventStream:
    """An open stream of the account's events (``client.events.stream()``): iterate it, and close
    it when done (leaving a ``with`` block closes it). It never ends on its own; a broken connection
    raises :class:`~postage.APIConnectionError`, and ``last_event_id`` is where to resume."""

    def __init__(self, response: httpx.Response) -> None:
        self._response = response
        self._chunks = response.iter_bytes()
        self._parser = EventStreamParser()
        self._ready: List[LiveEvent] = []
        self._closed = False
        #: The cursor of the last event given (None before the first): ``last_event_id=`` resumes after it.
        self.last_event_id: Optional[str] = None

    @property
    def request_id(self) -> Optional[str]:
        """The answer's ``X-Request-Id``."""
        return self._response.headers.get("x-request-id")

    def __iter__(self: _Stream) -> _Stream:
        return self

    def __next__(self) -> LiveEvent:
        while not self._ready:
            if self._closed:
                raise StopIteration
            try:
                chunk = self._chunks.__next__()
            except StopIteration:
                self.close()
                raise
            except httpx.TransportError as exc:
                self.close()
                raise errors.APIConnectionError(f"the live event stream broke: {exc!r}", request=self._response.request) from exc
            self._ready.extend(self._parser.feed(chunk))
        event = self._ready.pop(0)
        self.last_event_id = event.cursor
        return event

    def close(self) -> None:
        """Closes the connection; iterating then ends."""
        self._closed = True
        self._ready.clear()
        self._response.close()

    def __enter__(self: _Stream) -> _Stream:
        return self

    def __exit__(self, exc_type: Optional[Type[BaseException]], exc: Optional[BaseException], tb: Optional[TracebackType]) -> None:
        self.close()


class Events(Resource):
    def stream(self, *, events: Optional[Sequence[str]] = None, last_event_id: Optional[str] = None) -> LiveEventStream:
        """The account's events as they happen (``GET /api/events/stream``, server-sent events; a
        ``full_access`` key): returns once the API accepted the stream, whose events are
        :class:`~postage.LiveEvent`. ``events`` keeps only those types; ``last_event_id`` (a
        cursor) resumes after that event. A refusal raises its :class:`~postage.APIError` (400 an
        unknown type, 403 a ``sending`` key, 429 the account's open streams at their maximum). The
        client's timeout bounds the wait for the answer, not the open stream."""
        params = {"events": ",".join(events) if events else None}
        headers = {"Last-Event-ID": last_event_id} if last_event_id else None
        return LiveEventStream(self._client._open_stream("/api/events/stream", params, headers))


# Suppressions and templates ----------------------------------------------------------------


class Suppressions(Resource):
    """``client.suppressions``: the addresses the account no longer sends to."""

    def list(self, *, search: Optional[str] = None, limit: Optional[int] = None, cursor: Optional[str] = None) -> SuppressionList:
        """One page of the suppression list (``GET /api/suppressions``); ``search`` matches part
        of an address. Pass ``next_cursor`` as ``cursor`` for the next page, or use :meth:`iterate`."""
        return self._client._request("GET", "/api/suppressions", SuppressionList, params={"search": search, "limit": limit, "cursor": cursor})

    def iterate(self, *, search: Optional[str] = None, page_size: Optional[int] = None) -> Iterator[SuppressionListSuppressionsItem]:
        """Every entry of the suppression list, page after page (following ``next_cursor``)."""
        return self._client._paginate("/api/suppressions", {"search": search}, page_size, SuppressionList, "suppressions")

    def add(self, address: str, *, topic: Optional[str] = None) -> SuppressionAdded:
        """Suppress an address by hand (``POST /api/suppressions``): for all mail, or with
        ``topic`` only for sends whose ``unsubscribe`` names that topic."""
        return self._client._request("POST", "/api/suppressions", SuppressionAdded, json=compact(address=address, topic=topic))

    def get(self, address: str, *, topic: Optional[str] = None) -> Suppression:
        """The address's all-mail entry (with ``topic``, its entry for that topic); a
        :class:`~postage.NotFoundError` when there is none."""
        return self._client._request("GET", f"/api/suppressions/{path_param(address)}", Suppression, params={"topic": topic})

    def delete(self, address: str, *, topic: Optional[str] = None) -> Deleted:
        """Send to the address again (``DELETE /api/suppressions/{address}``): lifts the
        all-mail entry, or with ``topic`` the entry for that topic."""
        return self._client._request("DELETE", f"/api/suppressions/{path_param(address)}", Deleted, params={"topic": topic})


class Templates(Resource):
    """``client.templates``: stored templates, rendered at send time (``emails.send(template=...)``)."""

    def list(self, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> TemplateList:
        """One page of the account's templates (``GET /api/templates``). Pass ``next_cursor`` as
        ``cursor`` for the next page, or use :meth:`iterate`."""
        return self._client._request("GET", "/api/templates", TemplateList, params={"limit": limit, "cursor": cursor})

    def iterate(self, *, page_size: Optional[int] = None) -> Iterator[TemplateListTemplatesItem]:
        """Every template of the account, page after page (following ``next_cursor``)."""
        return self._client._paginate("/api/templates", {}, page_size, TemplateList, "templates")

    def create(self, *, name: str, subject: str, html: str, alias: _Nullable = NOT_GIVEN, text: _Nullable = NOT_GIVEN) -> Template:
        """Create a template (a draft: :meth:`publish` it to send it)."""
        body = _given({"name": name, "subject": subject, "html": html}, alias=alias, text=text)
        return self._client._request("POST", "/api/templates", Template, json=body)

    def get(self, template_id: str) -> Template:
        """One template by id or alias, with its draft (``GET /api/templates/{id}``)."""
        return self._client._request("GET", f"/api/templates/{path_param(template_id)}", Template)

    def update(
        self,
        template_id: str,
        *,
        name: Optional[str] = None,
        subject: Optional[str] = None,
        html: Optional[str] = None,
        alias: _Nullable = NOT_GIVEN,
        text: _Nullable = NOT_GIVEN,
    ) -> Template:
        """Change the draft (``alias=None`` or ``text=None`` clears them)."""
        body = _given(compact(name=name, subject=subject, html=html), alias=alias, text=text)
        return self._client._request("PATCH", f"/api/templates/{path_param(template_id)}", Template, json=body)

    def delete(self, template_id: str) -> Deleted:
        """Delete a template (``DELETE /api/templates/{id}``)."""
        return self._client._request("DELETE", f"/api/templates/{path_param(template_id)}", Deleted)

    def publish(self, template_id: str) -> Template:
        """Publish the draft as the next version: sends use it from now on."""
        return self._client._request("POST", f"/api/templates/{path_param(template_id)}/publish", Template)

    def versions(self, template_id: str) -> TemplateVersionList:
        """The published versions (``GET /api/templates/{id}/versions``)."""
        return self._client._request("GET", f"/api/templates/{path_param(template_id)}/versions", TemplateVersionList)

    def preview(self, template_id: str, *, variables: Optional[Mapping[str, Any]] = None, version: Optional[int] = None) -> TemplatePreview:
        """Render the draft (or ``version``) with ``variables``; nothing is sent."""
        body = compact(variables=dict(variables) if variables is not None else None, version=version)
        return self._client._request("POST", f"/api/templates/{path_param(template_id)}/preview", TemplatePreview, json=body)

    def test_send(self, template_id: str, *, from_email: str, recipient: str, variables: Optional[Mapping[str, Any]] = None) -> TemplateTestSend:
        """Send the draft to a test recipient (``"delivered"``, ``"bounce"`` or ``"complaint"``)."""
        body = compact(from_email=from_email, recipient=recipient, variables=dict(variables) if variables is not None else None)
        return self._client._request("POST", f"/api/templates/{path_param(template_id)}/test-send", TemplateTestSend, json=body)


# BYOC --------------------------------------------------------------------------------------


class Byoc(Resource):
    """``client.byoc``: sending through your own AWS account (a ``full_access`` key)."""

    def get(self) -> ByocConfiguration:
        """The BYOC configuration: role, region, ExternalId, state (``GET /api/byoc``)."""
        return self._client._request("GET", "/api/byoc", ByocConfiguration)

    def save(self, *, role_arn: str, region: str) -> ByocSaved:
        """Save the role and region and validate them (``PUT /api/byoc``)."""
        return self._client._request("PUT", "/api/byoc", ByocSaved, json={"role_arn": role_arn, "region": region})

    def validate(self) -> ByocValidation:
        """Validate the saved role again (``POST /api/byoc/validate``)."""
        return self._client._request("POST", "/api/byoc/validate", ByocValidation)

    def policy(self) -> ByocPolicy:
        """The trust and permissions policies the role needs (``GET /api/byoc/policy``)."""
        return self._client._request("GET", "/api/byoc/policy", ByocPolicy)

    def cloudformation(self) -> CloudFormationTemplate:
        """A CloudFormation template that creates the role (``GET /api/byoc/cloudformation``)."""
        return self._client._request("GET", "/api/byoc/cloudformation", CloudFormationTemplate)


# Receiving email (docs/inbound.md) -----------------------------------------------------------


class InboundDomains(Resource):
    """``client.inbound.domains``: where the account receives mail (a ``full_access`` key to change them)."""

    def list(self) -> InboundDomainList:
        """The account's inbound domains, with the MX record each publishes and its state (``GET /api/inbound-domains``)."""
        return self._client._request("GET", "/api/inbound-domains", InboundDomainList)

    def create(self, *, name: str) -> InboundDomain:
        """Receive mail at ``name``, a verified shared-mode domain of the account or a subdomain of
        one (``reply.example.com``); the answer holds the MX record to publish
        (``POST /api/inbound-domains``). A :class:`~postage.NotFoundError` when there is no such
        domain, :class:`~postage.ConflictError` ``inbound_domain_exists`` or
        ``inbound_domain_reserved``,
        :class:`~postage.UnprocessableEntityError` ``byoc_domain``."""
        return self._client._request("POST", "/api/inbound-domains", InboundDomain, json={"name": name})

    def get(self, name: str) -> InboundDomain:
        """One inbound domain and its MX record's state (``GET /api/inbound-domains/{name}``)."""
        return self._client._request("GET", f"/api/inbound-domains/{path_param(name)}", InboundDomain)

    def verify(self, name: str) -> InboundDomainVerification:
        """Check the MX record now (``POST /api/inbound-domains/{name}/verify``). Advice only:
        mail is received as soon as the record routes it here."""
        return self._client._request("POST", f"/api/inbound-domains/{path_param(name)}/verify", InboundDomainVerification)

    def delete(self, name: str) -> Deleted:
        """Stop receiving at ``name``; its rules go with it, the messages received there stay
        (``DELETE /api/inbound-domains/{name}``)."""
        return self._client._request("DELETE", f"/api/inbound-domains/{path_param(name)}", Deleted)


class InboundRules(Resource):
    """``client.inbound.rules``: which addresses of an inbound domain go to which webhook endpoints."""

    def list(self, domain: str) -> InboundRuleList:
        """The domain's rules, in order of precedence: addresses, tags, then ``*``
        (``GET /api/inbound-domains/{name}/rules``)."""
        return self._client._request("GET", f"/api/inbound-domains/{path_param(domain)}/rules", InboundRuleList)

    def create(self, domain: str, *, match: str, endpoint_ids: Optional[Sequence[str]] = None) -> InboundRule:
        """Route addresses of ``domain`` to webhook endpoints (``POST /api/inbound-domains/{name}/rules``):
        ``match`` ``"support"`` (one address), ``"reply+*"`` (``reply`` and its ``+tag`` forms) or
        ``"*"`` (every other address); ``endpoint_ids`` none or empty for every endpoint subscribed
        to ``email.received``, else up to 10 of them, each subscribed to it. A
        :class:`~postage.ConflictError` ``inbound_rule_exists``,
        :class:`~postage.UnprocessableEntityError` ``invalid_endpoints``."""
        body = compact(match=match, endpoint_ids=list(endpoint_ids) if endpoint_ids is not None else None)
        return self._client._request("POST", f"/api/inbound-domains/{path_param(domain)}/rules", InboundRule, json=body)

    def delete(self, domain: str, rule_id: str) -> Deleted:
        """Delete a rule: mail to the addresses only it matched is refused from then on
        (``DELETE /api/inbound-domains/{name}/rules/{id}``)."""
        return self._client._request("DELETE", f"/api/inbound-domains/{path_param(domain)}/rules/{path_param(rule_id)}", Deleted)


_ATTACHMENT_PATH = "/inbound/attachments/"


def _attachment_token(link: Union[str, Any]) -> str:
    """The token of an attachment's download link: its ``download_url``, the attachment itself
    (anything with a ``download_url``), or the token."""
    text = link if isinstance(link, str) else getattr(link, "download_url", None)
    if not isinstance(text, str):
        raise TypeError(f"not an attachment, its download_url or its token: {link!r}")
    token = text.split(_ATTACHMENT_PATH, 1)[1] if _ATTACHMENT_PATH in text else text
    token = unquote(token.split("?", 1)[0].split("#", 1)[0])  # path_param encodes it again
    if not token or "/" in token:
        raise ValueError(f"not an attachment's download_url or its token: {text!r}")
    return token


class Inbound(Resource):
    """``client.inbound``: receiving email. The received messages (:meth:`list`, :meth:`iterate`,
    :meth:`get`, :meth:`raw`, :meth:`delete`, :meth:`download_attachment`; reading needs the
    ``viewer`` role, which any ``full_access`` key has), and ``domains`` and ``rules``: where mail
    is received and where it goes."""

    domains: InboundDomains
    rules: InboundRules

    def __init__(self, client: "Postage") -> None:
        super().__init__(client)
        self.domains = InboundDomains(client)
        self.rules = InboundRules(client)

    def list(
        self,
        *,
        domain: Optional[str] = None,
        from_: Optional[str] = None,
        to: Optional[str] = None,
        since: Union[_dt.date, str, None] = None,
        until: Union[_dt.date, str, None] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> InboundMessageList:
        """One page of received messages, newest first (``GET /api/inbound``), filtered by
        ``domain`` (an inbound domain), ``from_`` and ``to`` (addresses), ``since``/``until`` (a
        date, an aware datetime or an ISO 8601 string); ``limit``: rows per page. Pass the
        answer's ``next_cursor`` as ``cursor`` for the next page, or use :meth:`iterate`."""
        params = self._filters(domain, from_, to, since, until)
        return self._client._request("GET", "/api/inbound", InboundMessageList, params={**params, "limit": limit, "cursor": cursor})

    def iterate(
        self,
        *,
        domain: Optional[str] = None,
        from_: Optional[str] = None,
        to: Optional[str] = None,
        since: Union[_dt.date, str, None] = None,
        until: Union[_dt.date, str, None] = None,
        page_size: Optional[int] = None,
    ) -> Iterator[InboundMessageSummary]:
        """Every matching received message, newest first, page after page (following
        ``next_cursor``). Takes :meth:`list`'s filters; ``page_size`` is its ``limit``."""
        return self._client._paginate("/api/inbound", self._filters(domain, from_, to, since, until), page_size, InboundMessageList, "data")

    @staticmethod
    def _filters(
        domain: Optional[str], from_: Optional[str], to: Optional[str], since: Union[_dt.date, str, None], until: Union[_dt.date, str, None]
    ) -> Mapping[str, Any]:
        return {"domain": domain, "from": from_, "to": to, "since": _time(since, "since"), "until": _time(until, "until")}

    def get(self, inbound_id: str) -> InboundMessage:
        """One received message, whole (``GET /api/inbound/{id}``): the ``email.received`` payload
        with ``id``, its bodies never cut, fresh attachment links. Its ``html`` is the sender's:
        never render it unsanitised."""
        return self._client._request("GET", f"/api/inbound/{path_param(inbound_id)}", InboundMessage)

    def raw(self, inbound_id: str) -> bytes:
        """The message exactly as it was received (``GET /api/inbound/{id}/raw``, ``message/rfc822``):
        ``email.message_from_bytes(raw, policy=email.policy.default)`` parses it."""
        return self._client._request_bytes("GET", f"/api/inbound/{path_param(inbound_id)}/raw", "message/rfc822, application/json;q=0.5")

    def delete(self, inbound_id: str) -> None:
        """Delete the message and its attachments (``DELETE /api/inbound/{id}``); their links
        answer 404 from then on."""
        self._client._request_no_content("DELETE", f"/api/inbound/{path_param(inbound_id)}")

    def download_attachment(self, attachment: Any) -> bytes:
        """An attachment's bytes (``GET /inbound/attachments/{token}``), from its signed link: the
        attachment (of a webhook's ``event.received`` or of :meth:`get`), its ``download_url``, or
        the link's token; fetched from this client's API with its timeout and retries. The link
        needs no key and works until its ``expires_at`` (then a :class:`~postage.NotFoundError`:
        read the message again for a fresh one). The bytes are the sender's: check ``sha256``,
        and never trust the declared type."""
        path = f"/inbound/attachments/{path_param(_attachment_token(attachment))}"
        return self._client._request_bytes("GET", path, "application/octet-stream, application/json;q=0.5")


# The team and the audit log: read only. Inviting, removing and changing people need a signed-in
# admin or owner (the document marks those operations `x-postage-api-key: false`).


class Members(Resource):
    def list(self) -> MemberList:
        """Every member of the account with their role (``viewer``, ``developer``, ``admin``,
        ``owner``), the earliest first (``GET /api/members``)."""
        return self._client._request("GET", "/api/members", MemberList)


class Invitations(Resource):
    def list(self) -> InvitationList:
        """The open invitations (not accepted, revoked or expired), newest first, each with who
        sent it (``GET /api/invitations``)."""
        return self._client._request("GET", "/api/invitations", InvitationList)


class AuditLog(Resource):
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
        params = {"actor": actor, "action": action, "since": _time(since, "since"), "until": _time(until, "until"), "limit": limit, "cursor": cursor}
        return self._client._request("GET", "/api/audit", AuditList, params=params)

    def iterate(
        self,
        *,
        actor: Optional[str] = None,
        action: Optional[str] = None,
        since: Union[_dt.date, str, None] = None,
        until: Union[_dt.date, str, None] = None,
        page_size: Optional[int] = None,
    ) -> Iterator[AuditListEntriesItem]:
        """Every matching entry of the audit log, newest first, page after page (following
        ``next_cursor``). Takes :meth:`list`'s filters; ``page_size`` is its ``limit``.

            for entry in client.audit.iterate(action="api_key"):
                print(entry.created_at, entry.actor.name, entry.action)
        """
        params = {"actor": actor, "action": action, "since": _time(since, "since"), "until": _time(until, "until")}
        return self._client._paginate("/api/audit", params, page_size, AuditList, "entries")

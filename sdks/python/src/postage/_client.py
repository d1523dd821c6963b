"""The clients: :class:`Postage` (blocking) and :class:`AsyncPostage` (``await`` every call)."""

from __future__ import annotations

import asyncio
import time
from types import TracebackType
from typing import Mapping, Optional, Type, TypeVar, Union

import httpx

from ._base import DEFAULT_MAX_RETRIES, DEFAULT_MAX_RETRY_WAIT, DEFAULT_TIMEOUT, BaseClient, Call
from .resources import (
    ApiKeys,
    AsyncApiKeys,
    AsyncAuditLog,
    AsyncByoc,
    AsyncDomains,
    AsyncEmails,
    AsyncInvitations,
    AsyncMe,
    AsyncMembers,
    AsyncSuppressions,
    AsyncTemplates,
    AsyncUsageResource,
    AsyncWebhooks,
    AuditLog,
    Byoc,
    Domains,
    Emails,
    Invitations,
    Me,
    Members,
    Suppressions,
    Templates,
    UsageResource,
    Webhooks,
)
from .webhooks import verify as _verify_webhook

__all__ = ["Postage", "AsyncPostage"]

T = TypeVar("T")
_Self = TypeVar("_Self", bound="Postage")
_ASelf = TypeVar("_ASelf", bound="AsyncPostage")


class Postage(BaseClient):
    """A blocking client of the Postage API.

        from postage import Postage

        client = Postage(api_key="pk_...", base_url="https://...")
        sent = client.emails.send(from_email="hello@mail.example.com", to="ann@example.org", subject="Hi", html="<p>Hi</p>")
        print(sent.message_id)

    Args:
        api_key: the ``X-API-Key`` (default: ``POSTAGE_API_KEY``). Sending needs a ``sending``
            key; the management resources (domains, api_keys, webhooks, members, audit, ...) a
            ``full_access`` one.
        base_url: the API's address (default: ``POSTAGE_BASE_URL``, else ``https://api.postage.dev``).
        timeout: seconds, or an ``httpx.Timeout``, for each attempt (default: 30 s, 10 s to connect);
            a request that takes longer is aborted and raises :class:`~postage.APITimeoutError`.
        max_retries: how many times a failed attempt is tried again when that is safe (default 2):
            a connection that could not be made (any request); and for requests the API answers
            once (every send, single or batch, carries an idempotency key; reads): a dropped
            connection, a timeout, the per-minute rate limit (after ``Retry-After``), 409
            ``idempotency_key_in_progress`` and 5xx answers. Never another 4xx, nor the monthly
            quota. ``0`` turns retrying off.
        max_retry_wait: a ``Retry-After`` longer than this many seconds is not waited for.
        default_headers: headers added to every request.
        http_client: an ``httpx.Client`` of your own (proxies, certificates, event hooks); the
            client sends absolute URLs through it and leaves closing it to you.
    """

    me: Me
    emails: Emails
    domains: Domains
    api_keys: ApiKeys
    webhooks: Webhooks
    suppressions: Suppressions
    templates: Templates
    usage: UsageResource
    byoc: Byoc
    members: Members
    invitations: Invitations
    audit: AuditLog

    #: Checks a webhook delivery: ``Postage.verify_webhook(raw_body, headers, secret)`` (no client
    #: or key needed); see :func:`postage.webhooks.verify`.
    verify_webhook = staticmethod(_verify_webhook)

    def __init__(
        self,
        api_key: Optional[str] = None,
        *,
        base_url: Optional[str] = None,
        timeout: Union[float, httpx.Timeout, None] = DEFAULT_TIMEOUT,
        max_retries: int = DEFAULT_MAX_RETRIES,
        max_retry_wait: float = DEFAULT_MAX_RETRY_WAIT,
        default_headers: Optional[Mapping[str, str]] = None,
        http_client: Optional[httpx.Client] = None,
    ) -> None:
        super().__init__(
            api_key=api_key,
            base_url=base_url,
            timeout=timeout,
            max_retries=max_retries,
            max_retry_wait=max_retry_wait,
            default_headers=default_headers,
        )
        self._owns_http = http_client is None
        self._http = http_client if http_client is not None else httpx.Client(timeout=self.timeout, follow_redirects=False)
        self.me = Me(self)
        self.emails = Emails(self)
        self.domains = Domains(self)
        self.api_keys = ApiKeys(self)
        self.webhooks = Webhooks(self)
        self.suppressions = Suppressions(self)
        self.templates = Templates(self)
        self.usage = UsageResource(self)
        self.byoc = Byoc(self)
        self.members = Members(self)
        self.invitations = Invitations(self)
        self.audit = AuditLog(self)

    def _request(self, call: Call[T]) -> T:
        request = self._build_request(self._http, call)
        attempt = 0
        while True:
            try:
                response = self._http.send(request)
            except httpx.TransportError as exc:
                wait = self._retry_delay_after_error(request, exc, attempt)
                if wait is None:
                    raise self._connection_error(request, exc) from exc
                self._log_retry(request, attempt, wait, f"failed ({type(exc).__name__})")
            else:
                wait = self._retry_delay_after_answer(request, response, attempt)
                if wait is None:
                    return self._read(call, response)
                response.close()
                self._log_retry(request, attempt, wait, f"answered {response.status_code}")
            time.sleep(wait)
            attempt += 1

    def close(self) -> None:
        """Close the connections (not those of an ``http_client`` you passed)."""
        if self._owns_http:
            self._http.close()

    def __enter__(self: _Self) -> _Self:
        return self

    def __exit__(self, exc_type: Optional[Type[BaseException]], exc: Optional[BaseException], tb: Optional[TracebackType]) -> None:
        self.close()


class AsyncPostage(BaseClient):
    """The asynchronous client: the same resources and methods as :class:`Postage`, each awaited.

        from postage import AsyncPostage

        async with AsyncPostage(api_key="pk_...", base_url="https://...") as client:
            sent = await client.emails.send(from_email=..., to=..., subject=..., html=...)

    Takes the arguments of :class:`Postage`, with an ``httpx.AsyncClient`` as ``http_client``.
    """

    me: AsyncMe
    emails: AsyncEmails
    domains: AsyncDomains
    api_keys: AsyncApiKeys
    webhooks: AsyncWebhooks
    suppressions: AsyncSuppressions
    templates: AsyncTemplates
    usage: AsyncUsageResource
    byoc: AsyncByoc
    members: AsyncMembers
    invitations: AsyncInvitations
    audit: AsyncAuditLog

    #: Checks a webhook delivery (not awaited); see :func:`postage.webhooks.verify`.
    verify_webhook = staticmethod(_verify_webhook)

    def __init__(
        self,
        api_key: Optional[str] = None,
        *,
        base_url: Optional[str] = None,
        timeout: Union[float, httpx.Timeout, None] = DEFAULT_TIMEOUT,
        max_retries: int = DEFAULT_MAX_RETRIES,
        max_retry_wait: float = DEFAULT_MAX_RETRY_WAIT,
        default_headers: Optional[Mapping[str, str]] = None,
        http_client: Optional[httpx.AsyncClient] = None,
    ) -> None:
        super().__init__(
            api_key=api_key,
            base_url=base_url,
            timeout=timeout,
            max_retries=max_retries,
            max_retry_wait=max_retry_wait,
            default_headers=default_headers,
        )
        self._owns_http = http_client is None
        self._http = http_client if http_client is not None else httpx.AsyncClient(timeout=self.timeout, follow_redirects=False)
        self.me = AsyncMe(self)
        self.emails = AsyncEmails(self)
        self.domains = AsyncDomains(self)
        self.api_keys = AsyncApiKeys(self)
        self.webhooks = AsyncWebhooks(self)
        self.suppressions = AsyncSuppressions(self)
        self.templates = AsyncTemplates(self)
        self.usage = AsyncUsageResource(self)
        self.byoc = AsyncByoc(self)
        self.members = AsyncMembers(self)
        self.invitations = AsyncInvitations(self)
        self.audit = AsyncAuditLog(self)

    async def _request(self, call: Call[T]) -> T:
        request = self._build_request(self._http, call)
        attempt = 0
        while True:
            try:
                response = await self._http.send(request)
            except httpx.TransportError as exc:
                wait = self._retry_delay_after_error(request, exc, attempt)
                if wait is None:
                    raise self._connection_error(request, exc) from exc
                self._log_retry(request, attempt, wait, f"failed ({type(exc).__name__})")
            else:
                wait = self._retry_delay_after_answer(request, response, attempt)
                if wait is None:
                    return self._read(call, response)
                await response.aclose()
                self._log_retry(request, attempt, wait, f"answered {response.status_code}")
            await asyncio.sleep(wait)
            attempt += 1

    async def close(self) -> None:
        """Close the connections (not those of an ``http_client`` you passed)."""
        if self._owns_http:
            await self._http.aclose()

    async def __aenter__(self: _ASelf) -> _ASelf:
        return self

    async def __aexit__(self, exc_type: Optional[Type[BaseException]], exc: Optional[BaseException], tb: Optional[TracebackType]) -> None:
        await self.close()

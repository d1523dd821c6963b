"""The client: :class:`AsyncPostage` here, ``await``-ed; :class:`Postage`, the blocking one, in the
twin that unasync writes from this file (``postage._sync.client``)."""

from __future__ import annotations

import asyncio
from types import TracebackType
from typing import Any, AsyncIterator, Mapping, Optional, Type, TypeVar, Union

import httpx

from .. import errors
from .._core import DEFAULT_MAX_RETRIES, DEFAULT_MAX_RETRY_WAIT, DEFAULT_TIMEOUT, BaseClient
from .._model import Model
from ..webhooks import verify as _verify_webhook
from .resources import (
    AsyncApiKeys,
    AsyncAuditLog,
    AsyncByoc,
    AsyncDomains,
    AsyncEmails,
    AsyncEvents,
    AsyncInbound,
    AsyncInvitations,
    AsyncMe,
    AsyncMembers,
    AsyncSendingQueue,
    AsyncStats,
    AsyncReputationResource,
    AsyncSuppressions,
    AsyncTemplates,
    AsyncUsageResource,
    AsyncWebhooks,
)

__all__ = ["AsyncPostage"]

M = TypeVar("M", bound=Model)
_Self = TypeVar("_Self", bound="AsyncPostage")


class AsyncPostage(BaseClient):
    """A client of the Postage API. :class:`~postage.Postage` blocks; :class:`~postage.AsyncPostage`
    has the same resources and methods, each awaited (``async for`` over ``iterate``).

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
        http_client: an ``httpx.Client`` (``httpx.AsyncClient`` for ``AsyncPostage``) of your own
            (proxies, certificates, event hooks); the client sends absolute URLs through it and
            leaves closing it to you.
    """

    me: AsyncMe
    emails: AsyncEmails
    domains: AsyncDomains
    api_keys: AsyncApiKeys
    webhooks: AsyncWebhooks
    events: AsyncEvents
    suppressions: AsyncSuppressions
    templates: AsyncTemplates
    usage: AsyncUsageResource
    sending_queue: AsyncSendingQueue
    stats: AsyncStats
    reputation: AsyncReputationResource
    byoc: AsyncByoc
    inbound: AsyncInbound
    members: AsyncMembers
    invitations: AsyncInvitations
    audit: AsyncAuditLog

    #: Checks a webhook delivery (no I/O, never awaited): ``Postage.verify_webhook(raw_body,
    #: headers, secret)``, no client or key needed; see :func:`postage.webhooks.verify`.
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
        self.events = AsyncEvents(self)
        self.suppressions = AsyncSuppressions(self)
        self.templates = AsyncTemplates(self)
        self.usage = AsyncUsageResource(self)
        self.sending_queue = AsyncSendingQueue(self)
        self.stats = AsyncStats(self)
        self.reputation = AsyncReputationResource(self)
        self.byoc = AsyncByoc(self)
        self.inbound = AsyncInbound(self)
        self.members = AsyncMembers(self)
        self.invitations = AsyncInvitations(self)
        self.audit = AsyncAuditLog(self)

    async def _request(
        self,
        method: str,
        path: str,
        cast: Type[M],
        *,
        params: Optional[Mapping[str, Any]] = None,
        json: Any = None,
        headers: Optional[Mapping[str, str]] = None,
    ) -> M:
        """Every call of every resource: sends the request, tries it again while that is safe
        (``_core.BaseClient``), and reads the answer as ``cast`` or raises its error."""
        return self._read(await self._send(method, path, params, json, headers), cast)

    async def _request_bytes(self, method: str, path: str, accept: str) -> bytes:
        """A call whose answer is bytes, not JSON (a received message's raw form, an attachment):
        the body of the 2xx answer, or the answer's error raised."""
        return self._read_bytes(await self._send(method, path, None, None, {"Accept": accept}))

    async def _request_no_content(self, method: str, path: str) -> None:
        """A call whose answer is a 204 without a body, or the answer's error raised."""
        self._read_no_content(await self._send(method, path, None, None, None))

    async def _open_stream(self, path: str, params: Optional[Mapping[str, Any]], headers: Optional[Mapping[str, str]]) -> httpx.Response:
        """A GET whose 2xx answer is read as it comes (server-sent events): the client's timeout
        bounds the wait for its headers, and no longer; the answer's error raised otherwise."""
        response = await self._send("GET", path, params, None, {"Accept": "text/event-stream", **(headers or {})}, stream=True)
        if not 200 <= response.status_code < 300:
            await response.aread()
            await response.aclose()
            raise errors.from_response(response)
        # The open stream has no read deadline (it is quiet between events, and never ends on its
        # own): httpx's transport reads the request's timeout extension as the body is read.
        response.request.extensions["timeout"] = {**response.request.extensions.get("timeout", {}), "read": None}
        return response

    async def _send(
        self, method: str, path: str, params: Optional[Mapping[str, Any]], json: Any, headers: Optional[Mapping[str, str]], *, stream: bool = False
    ) -> httpx.Response:
        """Sends the request and tries it again while that is safe; the last answer (with
        ``stream``, its body not yet read)."""
        request = self._build_request(self._http, method, path, params, json, headers)
        attempt = 0
        while True:
            try:
                response = await self._http.send(request, stream=stream)
                if stream and response.status_code >= 300:
                    await response.aread()  # an error answer is read whole, as any other
            except httpx.TransportError as exc:
                wait = self._retry_delay_after_error(request, exc, attempt)
                if wait is None:
                    raise self._connection_error(request, exc) from exc
                self._log_retry(request, attempt, wait, f"failed ({type(exc).__name__})")
            else:
                wait = self._retry_delay_after_answer(request, response, attempt)
                if wait is None:
                    return response
                await response.aclose()
                self._log_retry(request, attempt, wait, f"answered {response.status_code}")
            await asyncio.sleep(wait)
            attempt += 1

    async def _paginate(self, path: str, params: Mapping[str, Any], page_size: Optional[int], cast: Type[M], items: str) -> AsyncIterator[Any]:
        """Every item of a cursor-paged list: the ``items`` of each page, following
        ``next_cursor`` page after page as they are consumed."""
        cursor: Optional[str] = None
        while True:
            page = await self._request("GET", path, cast, params={**params, "limit": page_size, "cursor": cursor})
            for item in getattr(page, items):
                yield item
            cursor = getattr(page, "next_cursor", None)
            if not cursor:
                return

    async def close(self) -> None:
        """Close the connections (not those of an ``http_client`` you passed)."""
        if self._owns_http:
            await self._http.aclose()

    async def __aenter__(self: _Self) -> _Self:
        return self

    async def __aexit__(self, exc_type: Optional[Type[BaseException]], exc: Optional[BaseException], tb: Optional[TracebackType]) -> None:
        await self.close()

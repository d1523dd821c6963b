# Generated from _async/client.py by unasync (sdks/python/generate.sh): do not edit.
"""The client: :class:`AsyncPostage` here, ``await``-ed; :class:`Postage`, the blocking one, in the
twin that unasync writes from this file (``postage._sync.client``)."""

from __future__ import annotations

import time
from types import TracebackType
from typing import Any, Iterator, Mapping, Optional, Type, TypeVar, Union

import httpx

from .. import errors
from .._core import DEFAULT_MAX_RETRIES, DEFAULT_MAX_RETRY_WAIT, DEFAULT_TIMEOUT, BaseClient
from .._model import Model
from ..webhooks import verify as _verify_webhook
from .resources import (
    ApiKeys,
    AuditLog,
    Byoc,
    Domains,
    Emails,
    Events,
    Inbound,
    Invitations,
    Me,
    Members,
    SendingQueue,
    Stats,
    ReputationResource,
    Suppressions,
    Templates,
    UsageResource,
    Webhooks,
)

__all__ = ["Postage"]

M = TypeVar("M", bound=Model)
_Self = TypeVar("_Self", bound="Postage")


class Postage(BaseClient):
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

    me: Me
    emails: Emails
    domains: Domains
    api_keys: ApiKeys
    webhooks: Webhooks
    events: Events
    suppressions: Suppressions
    templates: Templates
    usage: UsageResource
    sending_queue: SendingQueue
    stats: Stats
    reputation: ReputationResource
    byoc: Byoc
    inbound: Inbound
    members: Members
    invitations: Invitations
    audit: AuditLog

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
        self.events = Events(self)
        self.suppressions = Suppressions(self)
        self.templates = Templates(self)
        self.usage = UsageResource(self)
        self.sending_queue = SendingQueue(self)
        self.stats = Stats(self)
        self.reputation = ReputationResource(self)
        self.byoc = Byoc(self)
        self.inbound = Inbound(self)
        self.members = Members(self)
        self.invitations = Invitations(self)
        self.audit = AuditLog(self)

    def _request(
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
        return self._read(self._send(method, path, params, json, headers), cast)

    def _request_bytes(self, method: str, path: str, accept: str) -> bytes:
        """A call whose answer is bytes, not JSON (a received message's raw form, an attachment):
        the body of the 2xx answer, or the answer's error raised."""
        return self._read_bytes(self._send(method, path, None, None, {"Accept": accept}))

    def _request_no_content(self, method: str, path: str) -> None:
        """A call whose answer is a 204 without a body, or the answer's error raised."""
        self._read_no_content(self._send(method, path, None, None, None))

    def _open_stream(self, path: str, params: Optional[Mapping[str, Any]], headers: Optional[Mapping[str, str]]) -> httpx.Response:
        """A GET whose 2xx answer is read as it comes (server-sent events): the client's timeout
        bounds the wait for its headers, and no longer; the answer's error raised otherwise."""
        response = self._send("GET", path, params, None, {"Accept": "text/event-stream", **(headers or {})}, stream=True)
        if not 200 <= response.status_code < 300:
            response.read()
            response.close()
            raise errors.from_response(response)
        # The open stream has no read deadline (it is quiet between events, and never ends on its
        # own): httpx's transport reads the request's timeout extension as the body is read.
        response.request.extensions["timeout"] = {**response.request.extensions.get("timeout", {}), "read": None}
        return response

    def _send(
        self, method: str, path: str, params: Optional[Mapping[str, Any]], json: Any, headers: Optional[Mapping[str, str]], *, stream: bool = False
    ) -> httpx.Response:
        """Sends the request and tries it again while that is safe; the last answer (with
        ``stream``, its body not yet read)."""
        request = self._build_request(self._http, method, path, params, json, headers)
        attempt = 0
        while True:
            try:
                response = self._http.send(request, stream=stream)
                if stream and response.status_code >= 300:
                    response.read()  # an error answer is read whole, as any other
            except httpx.TransportError as exc:
                wait = self._retry_delay_after_error(request, exc, attempt)
                if wait is None:
                    raise self._connection_error(request, exc) from exc
                self._log_retry(request, attempt, wait, f"failed ({type(exc).__name__})")
            else:
                wait = self._retry_delay_after_answer(request, response, attempt)
                if wait is None:
                    return response
                response.close()
                self._log_retry(request, attempt, wait, f"answered {response.status_code}")
            time.sleep(wait)
            attempt += 1

    def _paginate(self, path: str, params: Mapping[str, Any], page_size: Optional[int], cast: Type[M], items: str) -> Iterator[Any]:
        """Every item of a cursor-paged list: the ``items`` of each page, following
        ``next_cursor`` page after page as they are consumed."""
        cursor: Optional[str] = None
        while True:
            page = self._request("GET", path, cast, params={**params, "limit": page_size, "cursor": cursor})
            for item in getattr(page, items):
                yield item
            cursor = getattr(page, "next_cursor", None)
            if not cursor:
                return

    def close(self) -> None:
        """Close the connections (not those of an ``http_client`` you passed)."""
        if self._owns_http:
            self._http.close()

    def __enter__(self: _Self) -> _Self:
        return self

    def __exit__(self, exc_type: Optional[Type[BaseException]], exc: Optional[BaseException], tb: Optional[TracebackType]) -> None:
        self.close()

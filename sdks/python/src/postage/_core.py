"""The request core of both clients: settings, building a request, when a failed attempt is tried
again, and how an answer becomes a model or an error. Only sending and waiting differ between
the two (``_async/client.py``, and ``_sync/client.py`` that unasync writes from it)."""

from __future__ import annotations

import logging
import os
import platform
import random
from typing import Any, Dict, Mapping, Optional, Type, TypeVar, Union
from urllib.parse import quote

import httpx

from . import errors
from ._model import Model
from ._version import __version__

M = TypeVar("M", bound=Model)

log = logging.getLogger("postage")

#: The hosted API. ``POSTAGE_BASE_URL``, then the client's ``base_url=``, override it (a test
#: stack, a self-hosted deployment, ``http://localhost:3000`` for ``npm run dev``).
DEFAULT_BASE_URL = "https://api.postage.dev"
DEFAULT_TIMEOUT = httpx.Timeout(30.0, connect=10.0)
DEFAULT_MAX_RETRIES = 2
#: A ``Retry-After`` longer than this is not waited for: the error is raised at once.
DEFAULT_MAX_RETRY_WAIT = 60.0

# Requests the API answers the same however often they arrive: reads. A send (single or batch)
# joins them because it always carries an Idempotency-Key (a repeat is answered with the first
# answer). Every other request (a management write: POST, PATCH, PUT, DELETE) is sent again only
# when the connection could not be made, so that it surely never reached the API.
_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def path_param(value: str) -> str:
    """A path segment, percent-encoded (an address's ``@`` or ``+``, a ``/`` in an id)."""
    return quote(str(value), safe="")


def _user_agent() -> str:
    return f"postage-python/{__version__} httpx/{httpx.__version__} python/{platform.python_version()}"


class BaseClient:
    def __init__(
        self,
        *,
        api_key: Optional[str],
        base_url: Optional[str],
        timeout: Union[float, httpx.Timeout, None],
        max_retries: int,
        max_retry_wait: float,
        default_headers: Optional[Mapping[str, str]],
    ) -> None:
        if api_key is None:
            api_key = os.environ.get("POSTAGE_API_KEY")
        if not api_key:
            raise errors.PostageError("An API key is needed: pass api_key=... or set POSTAGE_API_KEY.")
        if base_url is None:
            base_url = os.environ.get("POSTAGE_BASE_URL") or DEFAULT_BASE_URL
        if max_retries < 0:
            raise ValueError("max_retries must be 0 or more")
        self.api_key = api_key
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout if isinstance(timeout, httpx.Timeout) else httpx.Timeout(timeout) if timeout is not None else DEFAULT_TIMEOUT
        self.max_retries = max_retries
        self.max_retry_wait = max_retry_wait
        self._headers: Dict[str, str] = {
            "X-API-Key": api_key,
            "Accept": "application/json",
            "User-Agent": _user_agent(),
            **dict(default_headers or {}),
        }

    def __repr__(self) -> str:
        return f"{type(self).__name__}(base_url={self.base_url!r})"

    # Building -----------------------------------------------------------------------------

    def _build_request(
        self,
        http: Union[httpx.Client, httpx.AsyncClient],
        method: str,
        path: str,
        params: Optional[Mapping[str, Any]],
        json: Any,
        headers: Optional[Mapping[str, str]],
    ) -> httpx.Request:
        query = {k: v for k, v in (params or {}).items() if v is not None}
        return http.build_request(
            method,
            self.base_url + path,
            params=query or None,
            json=json,
            headers={**self._headers, **(headers or {})},
            timeout=self.timeout,
        )

    # Retrying -----------------------------------------------------------------------------

    @staticmethod
    def _replayable(request: httpx.Request) -> bool:
        """Whether the API answers a repeat of this request as it answered the first: a read, or
        a send (it carries an Idempotency-Key)."""
        return request.method in _SAFE_METHODS or "idempotency-key" in request.headers

    def _backoff(self, attempt: int) -> float:
        """Exponential (0.5 s, 1 s, 2 s, ... at most 8 s), with full jitter on the upper half."""
        base = min(8.0, 0.5 * float(2**attempt))
        return base / 2 + random.uniform(0, base / 2)

    def _retry_delay_after_error(self, request: httpx.Request, exc: httpx.TransportError, attempt: int) -> Optional[float]:
        """Seconds to wait before sending ``request`` again after ``exc``, or None to give up."""
        if attempt >= self.max_retries:
            return None
        never_sent = isinstance(exc, (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout))
        if never_sent or self._replayable(request):
            return self._backoff(attempt)
        return None

    def _retry_delay_after_answer(self, request: httpx.Request, response: httpx.Response, attempt: int) -> Optional[float]:
        """Seconds to wait before sending ``request`` again after this answer, or None to keep it."""
        status = response.status_code
        if attempt >= self.max_retries or status < 400 or not self._replayable(request):
            return None
        code = errors.error_code_of(response) if status in (409, 429) or status >= 500 else None
        if status == 429:
            # The per-minute limit (no code) refused the request before anything was done; the
            # monthly quota (usage_limit_exceeded) does not pass in seconds.
            retry = code is None or code == "too_many_requests"
        elif status == 409:
            retry = code == "idempotency_key_in_progress"
        elif status >= 500:
            # byoc_not_configured lasts until someone fixes the account's AWS role.
            retry = code != "byoc_not_configured"
        else:
            # 400, 401, 403, 404, 422: the same request gets the same answer.
            retry = status == 408
        if not retry:
            return None
        wait = errors._retry_after(response)
        if wait is None:
            wait = self._backoff(attempt)
        if wait > self.max_retry_wait:
            return None
        return wait

    def _log_retry(self, request: httpx.Request, attempt: int, wait: float, why: str) -> None:
        log.info("postage: %s %s %s; retry %d of %d in %.2f s", request.method, request.url.path, why, attempt + 1, self.max_retries, wait)

    # Reading ------------------------------------------------------------------------------

    @staticmethod
    def _connection_error(request: httpx.Request, exc: httpx.TransportError) -> errors.APIConnectionError:
        if isinstance(exc, httpx.TimeoutException):
            return errors.APITimeoutError(f"{request.method} {request.url.path} timed out: {exc}", request=request)
        return errors.APIConnectionError(f"{request.method} {request.url.path} failed: {exc!r}", request=request)

    @staticmethod
    def _read_bytes(response: httpx.Response) -> bytes:
        """The body of a 2xx answer, as bytes; the :class:`~postage.APIError` of any other."""
        if not 200 <= response.status_code < 300:
            raise errors.from_response(response)
        return response.content

    @staticmethod
    def _read_no_content(response: httpx.Response) -> None:
        """Nothing, for a 2xx answer; the :class:`~postage.APIError` of any other."""
        if not 200 <= response.status_code < 300:
            raise errors.from_response(response)

    @staticmethod
    def _read(response: httpx.Response, cast: Type[M]) -> M:
        """The model of a 2xx answer; the :class:`~postage.APIError` of any other."""
        if not 200 <= response.status_code < 300:
            raise errors.from_response(response)
        try:
            data = response.json()
        except ValueError as exc:
            raise errors.APIResponseValidationError(f"the answer of {response.request.url.path} is not JSON", response=response) from exc
        try:
            return cast._from_response(data, response)
        except (KeyError, ValueError, TypeError, AttributeError) as exc:
            raise errors.APIResponseValidationError(
                f"the answer of {response.request.url.path} does not match the API's schema: {exc!r}", response=response
            ) from exc

"""The errors the Postage client raises.

Every error is a :class:`PostageError`. An answer of the API other than 2xx is an
:class:`APIError` (a subclass per HTTP status, with the API's machine-readable ``code`` when it
sent one); no answer at all is an :class:`APIConnectionError`; a delivery whose signature does not
check out is a :class:`WebhookVerificationError` (see :mod:`postage.webhooks`).

    try:
        client.emails.send(...)
    except postage.RateLimitError as e:
        if e.code == "usage_limit_exceeded": ...   # the monthly quota, not the per-minute limit
    except postage.BadRequestError as e:
        print(e.errors)                             # {"to": ["..."]}
    except postage.APIError as e:
        print(e.status_code, e.code, e.detail, e.request_id)

``e.code`` is a plain string, so a code added to the API later is read as it is; the codes known
to this version are the members of :class:`ErrorCode` (``e.code == ErrorCode.DOMAIN_NOT_VERIFIED``).
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Dict, List, Mapping, Optional

import httpx

__all__ = [
    "PostageError",
    "APIConnectionError",
    "APITimeoutError",
    "APIResponseValidationError",
    "APIError",
    "BadRequestError",
    "AuthenticationError",
    "PermissionDeniedError",
    "NotFoundError",
    "ConflictError",
    "UnprocessableEntityError",
    "RateLimitError",
    "InternalServerError",
    "WebhookVerificationError",
    "ErrorCode",
    "RETRYABLE_CODES",
]


class ErrorCode(str, Enum):
    """The ``error`` codes of the API's OpenAPI document (``Error.error``). A member equals its
    string (``ErrorCode.QUEUE_ERROR == "queue_error"``); :attr:`APIError.code` stays a plain
    string, so a code this version does not know still reaches you."""

    # Send gates (Postage's docs/errors-and-limits.md, "Error codes").
    UNAUTHORIZED = "unauthorized"
    DOMAIN_NOT_REGISTERED = "domain_not_registered"
    DOMAIN_NOT_VERIFIED = "domain_not_verified"
    DKIM_NOT_VERIFIED = "dkim_not_verified"
    DOMAIN_MODE_MISMATCH = "domain_mode_mismatch"
    DOMAIN_NOT_ALLOWED = "domain_not_allowed"
    SENDING_SUSPENDED = "sending_suspended"
    ACCOUNT_DELETION_PENDING = "account_deletion_pending"
    NETWORK_NOT_ALLOWED = "network_not_allowed"
    RECIPIENT_SUPPRESSED = "recipient_suppressed"
    USAGE_LIMIT_EXCEEDED = "usage_limit_exceeded"
    # Sends the API could not take now (retried by the client).
    ATTACHMENT_UPLOAD_FAILED = "attachment_upload_failed"
    QUEUE_ERROR = "queue_error"
    SERVICE_UNAVAILABLE = "service_unavailable"
    PROVIDER_ERROR = "provider_error"
    INTERNAL_ERROR = "internal_error"
    BYOC_NOT_CONFIGURED = "byoc_not_configured"
    # Idempotency keys.
    IDEMPOTENCY_KEY_REUSED = "idempotency_key_reused"
    IDEMPOTENCY_KEY_IN_PROGRESS = "idempotency_key_in_progress"
    # Management operations.
    NOT_FOUND = "not_found"
    METHOD_NOT_ALLOWED = "method_not_allowed"
    INSUFFICIENT_PERMISSION = "insufficient_permission"
    CSRF_TOKEN_INVALID = "csrf_token_invalid"
    PLAN_REQUIRED = "plan_required"
    TOO_MANY_ATTEMPTS = "too_many_attempts"
    TOO_MANY_REQUESTS = "too_many_requests"
    DOMAIN_EXISTS = "domain_exists"
    DOMAIN_UNAVAILABLE = "domain_unavailable"
    TOO_MANY_PENDING_DOMAINS = "too_many_pending_domains"
    BYOC_SETUP_REQUIRED = "byoc_setup_required"
    WEBHOOK_INACTIVE = "webhook_inactive"
    NOT_SCHEDULED = "not_scheduled"
    TEMPLATE_ALIAS_EXISTS = "template_alias_exists"
    TEMPLATE_IN_USE = "template_in_use"
    # The team (roles, invitations, ownership).
    INSUFFICIENT_ROLE = "insufficient_role"
    ALREADY_MEMBER = "already_member"
    OWNERSHIP_TRANSFER_REQUIRED = "ownership_transfer_required"
    INVITATION_WRONG_USER = "invitation_wrong_user"
    NO_ACCOUNT = "no_account"
    # Two-factor sign-in: answered to signed-in people, never to API keys.
    TWO_FACTOR_ENABLED = "two_factor_enabled"
    TWO_FACTOR_NOT_SET_UP = "two_factor_not_set_up"
    TWO_FACTOR_SETUP_REQUIRED = "two_factor_setup_required"
    RECENT_SIGN_IN_REQUIRED = "recent_sign_in_required"
    TWO_FACTOR_REQUIRED_BY_ACCOUNT = "two_factor_required_by_account"
    TOO_MANY_PASSKEYS = "too_many_passkeys"
    ACCOUNT_DELETION_STARTED = "account_deletion_started"
    # Receiving email (inbound domains and rules).
    INBOUND_DOMAIN_EXISTS = "inbound_domain_exists"
    INBOUND_DOMAIN_RESERVED = "inbound_domain_reserved"
    INBOUND_RULE_EXISTS = "inbound_rule_exists"
    BYOC_DOMAIN = "byoc_domain"
    INVALID_ENDPOINTS = "invalid_endpoints"

    def __str__(self) -> str:
        return self.value


#: The ``error`` codes the API documents as worth retrying (the same request, after a wait):
#: a retry of a send with the same idempotency key is answered once. The client retries these by
#: itself (see ``max_retries``); what reaches you has used up its retries.
RETRYABLE_CODES = frozenset(
    {
        "attachment_upload_failed",
        "queue_error",
        "service_unavailable",
        "idempotency_key_in_progress",
        "internal_error",
        "too_many_requests",
        "provider_error",
    }
)


class PostageError(Exception):
    """Base class of every error this package raises."""


class APIConnectionError(PostageError):
    """No answer came: the connection failed, was dropped, or timed out (after the retries)."""

    def __init__(self, message: str, *, request: Optional[httpx.Request] = None) -> None:
        super().__init__(message)
        self.message = message
        self.request = request


class APITimeoutError(APIConnectionError):
    """The request timed out (``timeout`` of the client)."""


class APIResponseValidationError(PostageError):
    """A 2xx answer whose body is not what the API documents (not JSON, or not its schema)."""

    def __init__(self, message: str, *, response: httpx.Response) -> None:
        super().__init__(message)
        self.message = message
        self.response = response
        self.status_code = response.status_code


class APIError(PostageError):
    """The API answered with a status other than 2xx.

    Attributes:
        status_code: the HTTP status.
        code: the API's ``error`` code (``"domain_not_verified"``, ``"usage_limit_exceeded"``,
            ...), or ``None`` where the API sends none (400 field errors, 401, the per-minute
            rate limit's 429).
        detail: the API's human-readable explanation.
        errors: 400 only: messages by field path (``{"to": ["..."]}``); ``{}`` otherwise.
        request_id: the ``X-Request-Id`` of the answer (quote it to support).
        retry_after: seconds the API asked to wait (``Retry-After``), if it did.
        body: the parsed JSON body (or the text, if it was not JSON).
        response: the ``httpx.Response``.
    """

    def __init__(
        self,
        message: str,
        *,
        response: httpx.Response,
        body: Any,
        code: Optional[str],
        detail: Optional[str],
        errors: Optional[Mapping[str, List[str]]] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.response = response
        self.body = body
        self.status_code: int = response.status_code
        self.code = code
        self.detail = detail
        self.errors: Dict[str, List[str]] = dict(errors or {})
        self.request_id: Optional[str] = response.headers.get("x-request-id")
        self.retry_after: Optional[float] = _retry_after(response)

    @property
    def retryable(self) -> bool:
        """Whether the API documents this answer as worth retrying later, unchanged."""
        if self.code is not None:
            return self.code in RETRYABLE_CODES
        return self.status_code == 429  # the per-minute rate limit

    def __repr__(self) -> str:
        return f"{type(self).__name__}(status_code={self.status_code!r}, code={self.code!r}, detail={self.detail!r})"


class BadRequestError(APIError):
    """400: the request is invalid; ``errors`` lists the messages by field path."""


class AuthenticationError(APIError):
    """401: the API key is missing, malformed, unknown, revoked or expired."""


class PermissionDeniedError(APIError):
    """403: a send gate refused the request (``domain_not_verified``, ``sending_suspended``,
    ...), the key may not call this operation (``insufficient_permission``; ``insufficient_role``
    where the operation needs a higher team role than the caller's), or the key is bound to
    networks and was used from outside them (``network_not_allowed``, on any operation)."""


class NotFoundError(APIError):
    """404: no such resource in this account."""


class ConflictError(APIError):
    """409: ``idempotency_key_reused``, ``domain_exists``, ``not_scheduled``, ``already_member``, ..."""


class UnprocessableEntityError(APIError):
    """422: ``recipient_suppressed``."""


class RateLimitError(APIError):
    """429: the per-minute rate limit (``code`` is ``None``, :attr:`is_rate_limit`; retried by the
    client when ``Retry-After`` is short enough) or the monthly quota (``code ==
    "usage_limit_exceeded"``, :attr:`is_usage_limit`: never retried)."""

    @property
    def is_rate_limit(self) -> bool:
        """The per-minute limit of the key (no ``error`` code): wait ``retry_after`` seconds."""
        return self.code is None

    @property
    def is_usage_limit(self) -> bool:
        """The monthly quota (``usage_limit_exceeded``): wait for the next UTC month or upgrade."""
        return self.code == ErrorCode.USAGE_LIMIT_EXCEEDED

    @property
    def limit(self) -> Optional[int]:
        """``X-RateLimit-Limit``: requests a minute the key may make (rate-limit answers)."""
        return _int_header(self.response, "x-ratelimit-limit")

    @property
    def remaining(self) -> Optional[int]:
        """``X-RateLimit-Remaining``."""
        return _int_header(self.response, "x-ratelimit-remaining")

    @property
    def reset(self) -> Optional[int]:
        """``X-RateLimit-Reset``: the Unix time (seconds) at which the current window ends."""
        return _int_header(self.response, "x-ratelimit-reset")


class InternalServerError(APIError):
    """5xx: the API could not do it now (``queue_error``, ``service_unavailable``,
    ``byoc_not_configured``, ...)."""


class WebhookVerificationError(PostageError):
    """A webhook delivery that is not a Postage event signed with the secret: answer it 401 and
    do nothing with it.

    Attributes:
        reason: ``"missing_headers"`` (no ``webhook-id``, ``webhook-timestamp`` or
            ``webhook-signature``: every Postage delivery carries them),
            ``"timestamp_out_of_tolerance"`` (an old delivery played again, or a clock far off),
            ``"invalid_signature"`` (a signature does not match the body and secret: a tampered
            body, another secret), ``"invalid_body"`` (signed, but not an event) or
            ``"missing_signature"`` (no X-Service-Signature, with ``insecure_signature_only`` on a
            delivery without the Standard Webhooks headers).
    """

    def __init__(self, message: str, *, reason: str = "invalid_signature") -> None:
        super().__init__(message)
        self.message = message
        self.reason = reason


_BY_STATUS = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    422: UnprocessableEntityError,
    429: RateLimitError,
}


def _int_header(response: httpx.Response, name: str) -> Optional[int]:
    value = response.headers.get(name)
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


def _retry_after(response: httpx.Response) -> Optional[float]:
    value = response.headers.get("retry-after")
    if value is None:
        return None
    try:
        seconds = float(value)
    except ValueError:
        from datetime import datetime, timezone
        from email.utils import parsedate_to_datetime

        try:
            when = parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
        if when.tzinfo is None:
            when = when.replace(tzinfo=timezone.utc)
        seconds = (when - datetime.now(timezone.utc)).total_seconds()
    return max(0.0, seconds)


def _body_of(response: httpx.Response) -> Any:
    try:
        return response.json()
    except ValueError:
        return response.text


def error_code_of(response: httpx.Response) -> Optional[str]:
    """The ``error`` code of an answer's JSON body, if any."""
    body = _body_of(response)
    if isinstance(body, dict) and isinstance(body.get("error"), str):
        return str(body["error"])
    return None


def from_response(response: httpx.Response) -> APIError:
    """The :class:`APIError` for an answer that is not 2xx."""
    body = _body_of(response)
    code: Optional[str] = None
    detail: Optional[str] = None
    errors: Optional[Mapping[str, List[str]]] = None
    if isinstance(body, dict):
        if isinstance(body.get("error"), str):
            code = body["error"]
        if isinstance(body.get("detail"), str):
            detail = body["detail"]
        if isinstance(body.get("errors"), dict):
            errors = {str(k): [str(m) for m in (v if isinstance(v, list) else [v])] for k, v in body["errors"].items()}
    status = response.status_code
    cls = _BY_STATUS.get(status) or (InternalServerError if status >= 500 else APIError)
    message = f"{status}"
    if code:
        message += f" {code}"
    if detail:
        message += f": {detail}"
    elif isinstance(body, str) and body:
        message += f": {body[:200]}"
    return cls(message, response=response, body=body, code=code, detail=detail, errors=errors)

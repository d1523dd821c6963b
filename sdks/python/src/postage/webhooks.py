"""Checking the webhook deliveries Postage posts to your endpoint, before trusting them.

Every delivery is signed with the endpoint's signing secret (``whsec_...``, shown once when the
endpoint is created or its secret rotated), twice:

- `Standard Webhooks <https://www.standardwebhooks.com>`_: ``webhook-id``,
  ``webhook-timestamp`` and ``webhook-signature`` (``v1,<base64 HMAC-SHA256 of
  "id.timestamp.body">`` keyed with the bytes of the base64 text after ``whsec_``; two
  signatures, space separated, for 24 hours after a rotation). The timestamp must be within
  5 minutes of the receiver's clock, so a delivery captured once and played again later is
  refused.
- ``X-Service-Signature``: ``sha256=`` and the lowercase hex HMAC-SHA256 of the raw body,
  keyed with the whole secret as it was shown (``whsec_`` included). No timestamp.

:func:`verify` (and :meth:`Webhook.verify`, ``client.webhooks.verify``) requires the Standard
Webhooks headers and checks them, comparing in constant time (``hmac.compare_digest``) over the
raw bytes of the body, before anything is parsed: pass the body exactly as it arrived, not a
re-serialised JSON. No API key is needed. ``X-Service-Signature`` is not checked beside them
(``webhook-signature`` covers the same body with the same secret, and the id and time as well);
a delivery that carries it alone is refused unless you pass ``insecure_signature_only=True``,
which accepts it and gives up replay protection.

    from postage.webhooks import verify, WebhookVerificationError

    @app.post("/hooks")                     # Flask
    def hooks():
        try:
            event = verify(request.get_data(), request.headers, os.environ["POSTAGE_WEBHOOK_SECRET"])
        except WebhookVerificationError:
            return "", 401
        if event.type == "email.bounced":
            ...                              # event.message_id, event.recipient, event.payload
        return "", 204

The event is read from either shape of a delivery's body: the envelope (``{"event_type": ...,
"payload": {...}}``) or the flat shape of test events (the fields at the top level). Its type
comes only from the signed body: the envelope's ``event_type``, or the type a flat body's
``status`` names (:data:`FLAT_EVENT_TYPES`); never from the ``X-Service-Event`` header, which no
signature covers. Deliveries may come more than once (a replay, a worker that took over):
deduplicate on ``event.id`` (the ``webhook-id``, the same for every delivery of one event).
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import hashlib
import hmac
import json
import re
import time
import warnings
from datetime import datetime, timezone
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

from ._model import Model
from .errors import WebhookVerificationError

__all__ = [
    "Webhook",
    "WebhookEvent",
    "WebhookVerificationError",
    "verify",
    "DEFAULT_TOLERANCE_SECONDS",
    "EVENT_TYPES",
    "FLAT_EVENT_TYPES",
    "ReceivedEmail",
    "ReceivedEmailMailbox",
    "ReceivedEmailEnvelope",
    "ReceivedEmailHeaders",
    "ReceivedEmailAuthentication",
    "ReceivedEmailAttachment",
]

#: How far ``webhook-timestamp`` may be from the receiver's clock (either way), as every Standard
#: Webhooks library allows.
DEFAULT_TOLERANCE_SECONDS = 5 * 60

#: The event types an endpoint can subscribe to.
EVENT_TYPES = (
    "email.sent",
    "email.delivered",
    "email.bounced",
    "email.complained",
    "email.failed",
    "email.delivery_delayed",
    "email.opened",
    "email.clicked",
    "email.unsubscribed",
    "email.received",
    "privacy.erasure_completed",
    "account.reputation_warning",
    "account.sending_paused",
    "account.sending_resumed",
)

#: The event type of a flat test event, which names no type of its own, by its signed ``status``
#: (one status per type, as the API's test events set it).
FLAT_EVENT_TYPES: Mapping[str, str] = {
    "queued": "email.sent",
    "delivered": "email.delivered",
    "bounced": "email.bounced",
    "complaint": "email.complained",
    "failed": "email.failed",
    "delivery_delayed": "email.delivery_delayed",
    "opened": "email.opened",
    "clicked": "email.clicked",
    "unsubscribed": "email.unsubscribed",
}

_STANDARD_HEADERS = ("webhook-id", "webhook-timestamp", "webhook-signature")

_SECRET_PREFIX = "whsec_"
_UNIX_SECONDS = re.compile(r"^[0-9]{1,15}$")

Payload = Union[bytes, bytearray, memoryview, str]
Secrets = Union[str, Sequence[str]]


# email.received (docs/inbound.md, "The email.received event"): unlike the events about messages
# you send, its payload is structured, so it is read into these models (``event.received``).


@dataclasses.dataclass
class ReceivedEmailMailbox(Model):
    """A mailbox of a received message's headers; ``name`` is ``""`` when the header gives none."""

    address: str
    name: str


@dataclasses.dataclass
class ReceivedEmailEnvelope(Model):
    """The SMTP envelope: ``MAIL FROM`` (``""`` for the null sender) and the one recipient the
    message was received for."""

    from_: str
    to: str


@dataclasses.dataclass
class ReceivedEmailHeaders(Model):
    """The message's own ``Message-ID``, ``In-Reply-To`` and ``References`` (each id with its ``<>``)."""

    message_id: Optional[str]
    in_reply_to: Optional[str]
    references: List[str]


@dataclasses.dataclass
class ReceivedEmailAuthentication(Model):
    """The sender checks, each ``pass``, ``fail``, ``softfail``, ``neutral``, ``none``,
    ``temperror`` or ``permerror``; ``spam`` and ``virus`` through SES receiving only (else
    :data:`~postage.models.UNSET`)."""

    spf: str
    dkim: str
    dmarc: str
    arc: str
    spam: Optional[str] = None
    virus: Optional[str] = None


@dataclasses.dataclass
class ReceivedEmailAttachment(Model):
    """An attachment of a received message. Its bytes only through ``download_url`` (signed,
    expiring at ``expires_at``, no API key; always served as ``application/octet-stream``).
    ``content_type`` is detected from the bytes; ``declared_content_type`` is the sender's word,
    not to be trusted."""

    id: str
    filename: str
    content_type: str
    declared_content_type: str
    size: int
    sha256: str
    content_id: Optional[str]
    download_url: str
    expires_at: datetime


@dataclasses.dataclass
class ReceivedEmail(Model):
    """A received message: the payload of ``email.received``, and, with its ``id``, what
    ``client.inbound.get`` reads. ``message_id`` is the message you sent with Postage that this one
    answers, or ``None``; ``html`` is the sender's, as it came: never render it unsanitised."""

    inbound_id: str
    message_id: Optional[str]
    domain: str
    rule_id: Optional[str]
    received_at: datetime
    envelope: ReceivedEmailEnvelope
    from_: Optional[ReceivedEmailMailbox]
    to: List[ReceivedEmailMailbox]
    cc: List[ReceivedEmailMailbox]
    reply_to: List[ReceivedEmailMailbox]
    subject: str
    text: Optional[str]
    html: Optional[str]
    truncated: bool
    headers: ReceivedEmailHeaders
    authentication: ReceivedEmailAuthentication
    attachments: List[ReceivedEmailAttachment]
    size: int
    source: str


class WebhookEvent:
    """A verified delivery, whichever shape its body had.

    Attributes:
        type: the event type (``"email.delivered"``, ...): the envelope's ``event_type``, or for
            the flat shape the type its signed ``status`` names (:data:`FLAT_EVENT_TYPES`).
            Never the ``X-Service-Event`` header, which no signature covers.
        shape: ``"envelope"`` (``{"event_type", "payload"}``) or ``"flat"`` (the test-event shape,
            fields at the top level).
        test: true for a flat test event (``client.webhooks.test``, or a replay of one).
        payload: the event's fields by name (``message_id``, ``recipient``, ``status``,
            ``bounce_type``, ``tags``, ...): the envelope's ``payload``, or the whole flat body.
            Every value is a string as sent (``machine`` is ``"true"``/``"false"``,
            ``link_index`` ``"0"``), except ``tags`` and ``bounced_recipients``; the properties
            below read them typed.
        id: ``webhook-id`` (``msg_...``): the same on every delivery of one event, so the key to
            deduplicate on; ``None`` only for a delivery accepted by ``insecure_signature_only``
            without the Standard Webhooks headers.
        timestamp: ``webhook-timestamp`` as an aware datetime (UTC); ``None`` only for such a
            delivery.
        body: the whole parsed body.
        received: ``email.received``: the received message, read into a :class:`ReceivedEmail`
            (checked to have its shape); ``None`` for every other event.
    """

    __slots__ = ("id", "type", "shape", "payload", "timestamp", "body", "received")

    def __init__(
        self,
        *,
        id: Optional[str],
        type: str,
        shape: str,
        payload: Dict[str, Any],
        timestamp: Optional[datetime],
        body: Dict[str, Any],
        received: Optional[ReceivedEmail] = None,
    ) -> None:
        self.id = id
        self.type = type
        self.shape = shape
        self.payload = payload
        self.timestamp = timestamp
        self.body = body
        self.received = received

    @property
    def test(self) -> bool:
        return self.shape == "flat"

    def _text(self, name: str) -> Optional[str]:
        value = self.payload.get(name)
        return value if isinstance(value, str) else None

    @property
    def message_id(self) -> Optional[str]:
        """The ``message_id`` the send answered with; for a flat test event, its synthetic
        ``provider_message_id`` (``service-test-...``); for ``email.received``, the sent message
        it answers (``None`` when none)."""
        return self._text("message_id") or self._text("provider_message_id")

    @property
    def provider_message_id(self) -> Optional[str]:
        """A flat test event's synthetic provider id (``service-test-...``)."""
        return self._text("provider_message_id")

    @property
    def recipient(self) -> Optional[str]:
        """The recipient; for ``email.received``, the address it was received at (``envelope.to``)."""
        if self.received is not None:
            return self.received.envelope.to
        return self._text("recipient")

    @property
    def status(self) -> Optional[str]:
        """``queued``, ``delivered``, ``bounced``, ``complaint``, ``failed``,
        ``delivery_delayed`` or ``unsubscribed`` (opens and clicks have none in the envelope; a
        flat test event's is ``opened`` or ``clicked``)."""
        return self._text("status")

    @property
    def bounce_type(self) -> Optional[str]:
        """``Permanent`` (the address is now suppressed) or ``Transient`` (bounces only)."""
        return self._text("bounce_type")

    @property
    def reason(self) -> Optional[str]:
        """Why an ``email.failed`` message failed; for ``email.delivery_delayed``, the receiving
        server's answer (addresses replaced by ``[address]``), when SES gave one."""
        return self._text("reason")

    @property
    def delay_type(self) -> Optional[str]:
        """``email.delivery_delayed``: SES's delay type (``MailboxFull``, ``SpamDetected``, ...;
        any other reads ``Undetermined``)."""
        return self._text("delay_type")

    @property
    def expiration_time(self) -> Optional[datetime]:
        """``email.delivery_delayed``: when SES stops trying, when known."""
        return self._time("expiration_time")

    @property
    def occurred_at(self) -> Optional[datetime]:
        """``email.opened``, ``email.clicked``, ``email.unsubscribed``: when it happened."""
        return self._time("occurred_at")

    @property
    def machine(self) -> Optional[bool]:
        """``email.opened``, ``email.clicked``: true for scanners, prefetches and privacy proxies
        (marked, never left out); ``None`` for other events. Sent as ``"true"``/``"false"``."""
        value = self._text("machine")
        return None if value is None else value == "true"

    @property
    def user_agent(self) -> Optional[str]:
        """``email.opened``, ``email.clicked``: the User-Agent of the request."""
        return self._text("user_agent")

    @property
    def url(self) -> Optional[str]:
        """``email.clicked``: the link's original URL."""
        return self._text("url")

    @property
    def link_index(self) -> Optional[int]:
        """``email.clicked``: the link's position in the message, from 0 (sent as a string)."""
        value = self._text("link_index")
        return int(value) if value is not None and value.isdigit() else None

    @property
    def topic(self) -> Optional[str]:
        """``email.unsubscribed``: the link's topic; ``None`` when it was for all mail."""
        return self._text("topic")

    def _time(self, name: str) -> Optional[datetime]:
        value = self._text(name)
        if value is None:
            return None
        try:
            return datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return None

    @property
    def tags(self) -> Dict[str, str]:
        """The send's tags (``{}`` without)."""
        value = self.payload.get("tags")
        return dict(value) if isinstance(value, dict) else {}

    def __repr__(self) -> str:
        return f"WebhookEvent(type={self.type!r}, shape={self.shape!r}, message_id={self.message_id!r}, id={self.id!r})"


def _raw(payload: Payload) -> bytes:
    if isinstance(payload, (bytes, bytearray, memoryview)):
        return bytes(payload)
    if isinstance(payload, str):
        return payload.encode("utf-8")
    raise TypeError(
        f"pass the raw body of the request (bytes or str), not {type(payload).__name__}: a parsed and re-serialised body does not match its signature"
    )


def _lower(headers: Mapping[str, Any]) -> Dict[str, str]:
    """Header names in lower case; a list value (some frameworks) joined as HTTP joins them."""
    out: Dict[str, str] = {}
    for name, value in headers.items():
        out[str(name).lower()] = ", ".join(str(v) for v in value) if isinstance(value, (list, tuple)) else str(value)
    return out


def _standard_key(secret: str) -> Optional[bytes]:
    """The Standard Webhooks key of ``whsec_<base64>``: the bytes of the base64 text (read as
    leniently as the API's Node.js reads it)."""
    text = (secret[len(_SECRET_PREFIX) :] if secret.startswith(_SECRET_PREFIX) else secret).strip()
    try:
        return base64.b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        return None


def _secrets(secret: Secrets) -> List[str]:
    values = [secret] if isinstance(secret, str) else list(secret)
    values = [s for s in values if isinstance(s, str) and s]
    if not values:
        raise ValueError("the endpoint's signing secret is needed (whsec_...)")
    return values


def _event(raw: bytes, *, id: Optional[str], timestamp: Optional[datetime]) -> WebhookEvent:
    """The event of a verified body; its type only from what the signature covers."""
    try:
        body = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise WebhookVerificationError("the body is signed but is not JSON", reason="invalid_body") from exc
    if not isinstance(body, dict):
        raise WebhookVerificationError("the body is signed but is not a JSON object", reason="invalid_body")
    envelope = isinstance(body.get("event_type"), str) and isinstance(body.get("payload"), dict)
    payload: Dict[str, Any] = body["payload"] if envelope else body
    if envelope:
        event_type = body["event_type"]
        if not event_type:
            raise WebhookVerificationError("the envelope has an empty event_type", reason="invalid_body")
    else:
        status = body.get("status")
        event_type = FLAT_EVENT_TYPES.get(status) if isinstance(status, str) else None
        if event_type is None:
            raise WebhookVerificationError(f"the flat body's status ({status!r}) names no event type", reason="invalid_body")
    received = _received_email(payload) if envelope and event_type == "email.received" else None
    return WebhookEvent(id=id, type=event_type, shape="envelope" if envelope else "flat", payload=payload, timestamp=timestamp, body=body, received=received)


def _received_email(payload: Dict[str, Any]) -> ReceivedEmail:
    """``email.received``'s payload as a :class:`ReceivedEmail`. It is signed, so a payload without
    the shape is no forgery but an API this version does not read: refused all the same, rather
    than handing the receiver an object whose fields are not what they say."""
    try:
        return ReceivedEmail.from_dict(payload)
    except (KeyError, TypeError, ValueError) as exc:
        raise WebhookVerificationError(f"the email.received payload is not a received email ({exc})", reason="invalid_body") from exc


class Webhook:
    """Checks deliveries made to one endpoint.

    Args:
        secret: the endpoint's signing secret (``whsec_...``), or several: during the 24 hours
            after a rotation pass ``[new, old]``, so that a delivery signed with either verifies.
        tolerance: how many seconds ``webhook-timestamp`` may be from now, either way (default
            300, as the Standard Webhooks libraries allow).
        insecure_signature_only: INSECURE, off by default: also accept a delivery that carries
            none of the Standard Webhooks headers on its ``X-Service-Signature`` alone. That
            signature has no timestamp, so such a delivery, captured once, can be played to you
            again at any time and still verify: this gives up replay protection. Only for a
            receiver behind something that strips the ``webhook-*`` headers. A delivery that
            carries them is checked in full all the same.
        require_timestamp: deprecated (the Standard Webhooks headers are required by default):
            true still refuses a delivery without them even with ``insecure_signature_only``.
    """

    def __init__(
        self, secret: Secrets, *, tolerance: float = DEFAULT_TOLERANCE_SECONDS, require_timestamp: bool = False, insecure_signature_only: bool = False
    ) -> None:
        self._secrets = _secrets(secret)
        self._keys = [k for k in (_standard_key(s) for s in self._secrets) if k is not None]
        self.tolerance = tolerance
        self.require_timestamp = require_timestamp
        self.insecure_signature_only = insecure_signature_only

    # Signing (for testing a receiver) ---------------------------------------------------------

    def sign(self, msg_id: str, timestamp: Union[int, datetime], payload: Payload) -> str:
        """The ``webhook-signature`` value Postage would send with the first secret (``v1,<base64>``)."""
        if not self._keys:
            raise ValueError("the signing secret is not whsec_ followed by base64")
        seconds = int(timestamp.timestamp()) if isinstance(timestamp, datetime) else int(timestamp)
        return "v1," + base64.b64encode(self._standard_digest(self._keys[0], msg_id, str(seconds), _raw(payload))).decode("ascii")

    def service_signature(self, payload: Payload) -> str:
        """The ``X-Service-Signature`` value for ``payload`` with the first secret (``sha256=<hex>``)."""
        return "sha256=" + hmac.new(self._secrets[0].encode("utf-8"), _raw(payload), hashlib.sha256).hexdigest()

    @staticmethod
    def _standard_digest(key: bytes, msg_id: str, stamp: str, raw: bytes) -> bytes:
        return hmac.new(key, msg_id.encode("utf-8") + b"." + stamp.encode("ascii") + b"." + raw, hashlib.sha256).digest()

    # Checking ----------------------------------------------------------------------------------

    def _service_signature_matches(self, raw: bytes, given: str) -> bool:
        candidate = given.strip().encode("utf-8", "replace")
        matched = False
        for secret in self._secrets:  # every secret is compared: the time does not tell which matched
            expected = ("sha256=" + hmac.new(secret.encode("utf-8"), raw, hashlib.sha256).hexdigest()).encode("ascii")
            matched = hmac.compare_digest(expected, candidate) or matched
        return matched

    def _check_service_signature(self, raw: bytes, signature: Optional[str]) -> None:
        if not signature:
            raise WebhookVerificationError("missing X-Service-Signature header (and the Standard Webhooks headers)", reason="missing_signature")
        if not self._service_signature_matches(raw, signature):
            raise WebhookVerificationError("X-Service-Signature does not match the body and secret", reason="invalid_signature")

    def _check_standard(self, raw: bytes, h: Mapping[str, str], now: Optional[float]) -> datetime:
        """Checks the Standard Webhooks headers (all three required); their timestamp."""
        msg_id, stamp, signatures = (h.get(name) for name in _STANDARD_HEADERS)
        if not msg_id and not stamp and not signatures:
            raise WebhookVerificationError(
                "missing webhook-id, webhook-timestamp and webhook-signature headers: every Postage delivery carries them, and without "
                "their timestamp a replayed delivery cannot be refused (insecure_signature_only=True accepts X-Service-Signature alone, "
                "giving up that protection)",
                reason="missing_headers",
            )
        if not msg_id or not stamp or not signatures:
            missing = " and ".join(name for name, value in zip(_STANDARD_HEADERS, (msg_id, stamp, signatures)) if not value)
            raise WebhookVerificationError(
                f"missing {missing} header: webhook-id, webhook-timestamp and webhook-signature go together", reason="missing_headers"
            )
        stamp = stamp.strip()
        if not _UNIX_SECONDS.match(stamp):
            raise WebhookVerificationError("webhook-timestamp is not a number of seconds", reason="timestamp_out_of_tolerance")
        seconds = int(stamp)
        current = time.time() if now is None else now
        if seconds < current - self.tolerance:
            raise WebhookVerificationError(
                f"webhook-timestamp is too old ({current - seconds:.0f} s ago, more than {self.tolerance:g} s): a delivery played again, or a clock far off",
                reason="timestamp_out_of_tolerance",
            )
        if seconds > current + self.tolerance:
            raise WebhookVerificationError(
                f"webhook-timestamp is in the future ({seconds - current:.0f} s ahead, more than {self.tolerance:g} s): a clock far off",
                reason="timestamp_out_of_tolerance",
            )
        candidates = [value.encode("ascii", "replace") for version, _, value in (c.partition(",") for c in signatures.split(" ")) if version == "v1" and value]
        matched = False
        for key in self._keys:
            expected = base64.b64encode(self._standard_digest(key, msg_id, stamp, raw))
            for candidate in candidates:
                matched = hmac.compare_digest(expected, candidate) or matched
        if not matched:
            raise WebhookVerificationError("no webhook-signature matches the body and secret", reason="invalid_signature")
        return datetime.fromtimestamp(seconds, tz=timezone.utc)

    def verify(self, payload: Payload, headers: Mapping[str, Any], *, now: Optional[float] = None) -> WebhookEvent:
        """Checks a delivery and returns its event.

        The Standard Webhooks headers are required and must match, with a timestamp within the
        tolerance; ``X-Service-Signature`` is not checked beside them. Only with
        ``insecure_signature_only``, a delivery without any of them is checked by its
        ``X-Service-Signature`` alone (no replay protection).

        Args:
            payload: the raw body, as received (bytes, or the text).
            headers: the request's headers (any mapping; names are matched case-insensitively).
            now: the receiver's clock in Unix seconds (default: ``time.time()``).

        Raises:
            WebhookVerificationError: a header is missing, the timestamp is too old or too new
                (a delivery played again), a signature does not match (a tampered body, another
                secret), or the signed body is not an event. ``reason`` says which.
        """
        raw = _raw(payload)
        h = _lower(headers)
        if self.insecure_signature_only and not self.require_timestamp and not any(h.get(name) for name in _STANDARD_HEADERS):
            self._check_service_signature(raw, h.get("x-service-signature"))
            return _event(raw, id=None, timestamp=None)
        timestamp = self._check_standard(raw, h, now)
        return _event(raw, id=h.get("webhook-id"), timestamp=timestamp)

    def verify_service_signature(self, payload: Payload, signature: Optional[str], *, event_type: Optional[str] = None) -> WebhookEvent:
        """Checks ``X-Service-Signature`` alone (``signature`` is the header's value).

        Deprecated: it carries no timestamp, so it cannot tell a delivery played again from a new
        one. Use :meth:`verify`; to accept deliveries without the Standard Webhooks headers,
        ``insecure_signature_only=True``. ``event_type`` is not read: the type comes from the
        signed body."""
        warnings.warn(
            "verify_service_signature checks X-Service-Signature alone, which has no timestamp: a captured delivery can be replayed. "
            "Use verify(); to accept deliveries without the Standard Webhooks headers, verify(..., insecure_signature_only=True)",
            DeprecationWarning,
            stacklevel=2,
        )
        raw = _raw(payload)
        self._check_service_signature(raw, signature)
        return _event(raw, id=None, timestamp=None)

    def verify_standard(self, payload: Payload, headers: Mapping[str, Any], *, now: Optional[float] = None) -> WebhookEvent:
        """Checks the Standard Webhooks headers alone (required), as any Standard Webhooks library
        does: :meth:`verify` without ``insecure_signature_only``."""
        raw = _raw(payload)
        h = _lower(headers)
        timestamp = self._check_standard(raw, h, now)
        return _event(raw, id=h.get("webhook-id"), timestamp=timestamp)


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
    """Checks a delivery with the endpoint's signing secret and returns its event (no API key
    needed): ``Webhook(secret, ...).verify(payload, headers)``. The Standard Webhooks headers are
    required; ``insecure_signature_only=True`` also accepts ``X-Service-Signature`` alone, giving
    up replay protection (see :class:`Webhook`)."""
    return Webhook(secret, tolerance=tolerance, require_timestamp=require_timestamp, insecure_signature_only=insecure_signature_only).verify(
        payload, headers, now=now
    )

"""Webhook verification without a server: the Standard Webhooks test vector (and, when the
official library is at hand, that library), the Standard Webhooks headers required, replays
refused, X-Service-Signature alone as an opt-in, tampering, clocks, rotated secrets, and both
payload shapes (envelope and flat) with their type taken from the signed body."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import subprocess
import time
from datetime import datetime, timezone
from typing import Any, Dict, Optional

import pytest

import postage
from postage import WebhookVerificationError
from postage.webhooks import Webhook, verify

SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
BODY = b'{"event_type":"email.delivered","payload":{"message_id":"6f0c","recipient":"ann@example.org","status":"delivered","tags":{"run":"x"}}}'
# The flat shape of a test event, as POST /api/webhooks/{id}/test sends it for a bounce.
FLAT = json.dumps(
    {
        "idempotency_key": "a" * 32,
        "provider_message_id": "service-test-0b6f3c1e",
        "recipient": "bounce@test.example",
        "status": "bounced",
        "bounce_type": "Permanent",
        "bounce_subtype": "General",
        "bounced_recipients": ["bounce@test.example"],
        "timestamp": "2030-01-01T00:00:00.000000+00:00",
    },
    separators=(",", ":"),
).encode()


def signed(body: bytes, secret: str = SECRET, msg_id: str = "msg_0123", at: Optional[int] = None, event: str = "email.delivered") -> Dict[str, str]:
    """The headers Postage sends with a delivery of ``body`` (core/webhooks/webhookDelivery.ts)."""
    hook = Webhook(secret)
    at = int(time.time()) if at is None else at
    return {
        "Content-Type": "application/json",
        "X-Service-Signature": hook.service_signature(body),
        "X-Service-Event": event,
        "User-Agent": "Service-Webhook/1.0",
        "webhook-id": msg_id,
        "webhook-timestamp": str(at),
        "webhook-signature": hook.sign(msg_id, at, body),
    }


def test_the_standard_webhooks_test_vector() -> None:
    # The example of the Standard Webhooks specification and its libraries.
    hook = Webhook(SECRET)
    body = b'{"test": 2432232314}'
    assert hook.sign("msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body) == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
    headers = {
        "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek",
        "webhook-timestamp": "1614265330",
        "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    }
    # The signature and the timestamp verify; the body is no Postage event (no type, no status).
    for check in (hook.verify_standard, hook.verify):
        with pytest.raises(WebhookVerificationError) as caught:
            check(body, headers, now=1614265330)
        assert caught.value.reason == "invalid_body"
        with pytest.raises(WebhookVerificationError) as caught:
            check(body, {**headers, "webhook-signature": "v1,bm90IGl0"}, now=1614265330)
        assert caught.value.reason == "invalid_signature"


def test_x_service_signature_is_the_hex_hmac_of_the_body_keyed_with_the_whole_secret() -> None:
    expected = "sha256=" + hmac.new(SECRET.encode(), BODY, hashlib.sha256).hexdigest()
    assert Webhook(SECRET).service_signature(BODY) == expected
    with pytest.warns(DeprecationWarning, match="insecure_signature_only"):
        assert Webhook(SECRET).verify_service_signature(BODY, expected).message_id == "6f0c"


def test_a_signed_delivery_verifies_and_reads_the_envelope() -> None:
    event = verify(BODY, signed(BODY), SECRET)
    assert isinstance(event, postage.WebhookEvent)
    assert (event.type, event.shape, event.test) == ("email.delivered", "envelope", False)
    assert (event.message_id, event.recipient, event.status, event.tags) == ("6f0c", "ann@example.org", "delivered", {"run": "x"})
    assert event.id == "msg_0123"
    assert event.timestamp is not None and event.timestamp.tzinfo is not None
    # The same with a str body and upper-case header names; and by every way in.
    loud = {k.upper(): v for k, v in signed(BODY).items()}
    assert verify(BODY.decode(), loud, SECRET).message_id == "6f0c"
    assert Webhook(SECRET).verify(BODY, signed(BODY)).message_id == "6f0c"
    assert postage.verify_webhook(BODY, signed(BODY), SECRET).message_id == "6f0c"
    assert postage.Postage.verify_webhook(BODY, signed(BODY), SECRET).message_id == "6f0c"
    assert postage.Postage("pk_x").webhooks.verify(BODY, signed(BODY), SECRET).message_id == "6f0c"
    assert postage.AsyncPostage("pk_x").webhooks.verify(BODY, signed(BODY), SECRET).message_id == "6f0c"


def test_the_flat_test_event_shape_is_read_by_name() -> None:
    event = verify(FLAT, signed(FLAT, event="email.bounced"), SECRET)
    assert (event.type, event.shape, event.test) == ("email.bounced", "flat", True)  # the type from its signed status
    assert (event.recipient, event.status, event.bounce_type) == ("bounce@test.example", "bounced", "Permanent")
    assert event.message_id == event.provider_message_id == "service-test-0b6f3c1e"
    assert event.payload["bounced_recipients"] == ["bounce@test.example"]
    assert event.tags == {}


def test_engagement_events_read_their_string_fields_typed() -> None:
    clicked = json.dumps(
        {
            "event_type": "email.clicked",
            "payload": {
                "message_id": "6f0c",
                "recipient": "ann@example.org",
                "occurred_at": "2026-12-02T10:00:05.000Z",
                "machine": "false",
                "user_agent": "Mozilla/5.0",
                "url": "https://shop.example/spring",
                "link_index": "2",
            },
        }
    ).encode()
    event = verify(clicked, signed(clicked), SECRET)
    assert (event.type, event.machine, event.user_agent, event.url, event.link_index) == ("email.clicked", False, "Mozilla/5.0", "https://shop.example/spring", 2)
    assert event.occurred_at is not None and event.occurred_at.isoformat() == "2026-12-02T10:00:05+00:00"
    assert event.topic is None and event.delay_type is None
    delayed = json.dumps(
        {
            "status": "delivery_delayed",
            "provider_message_id": "service-test-3",
            "delay_type": "MailboxFull",
            "reason": "smtp; 452 4.2.2 over quota",
            "expiration_time": "2030-01-02T00:00:00.000000+00:00",
        }
    ).encode()
    event = verify(delayed, signed(delayed, event="email.delivery_delayed"), SECRET)
    assert (event.type, event.test, event.delay_type, event.reason) == ("email.delivery_delayed", True, "MailboxFull", "smtp; 452 4.2.2 over quota")
    assert event.expiration_time is not None and event.expiration_time.year == 2030
    assert event.machine is None and event.link_index is None
    opened = b'{"status":"opened","provider_message_id":"service-test-4","machine":"true","user_agent":"GoogleImageProxy"}'
    assert verify(opened, signed(opened), SECRET).machine is True
    unsubscribed = b'{"event_type":"email.unsubscribed","payload":{"message_id":"6f0c","topic":"product-news","status":"unsubscribed"}}'
    assert verify(unsubscribed, signed(unsubscribed), SECRET).topic == "product-news"


def test_the_type_of_a_flat_body_comes_from_what_is_signed_never_from_x_service_event() -> None:
    # X-Service-Event is not signed: an attacker may change it, and it changes nothing.
    assert verify(FLAT, signed(FLAT, event="email.delivered"), SECRET).type == "email.bounced"
    table = {
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
    assert dict(postage.webhooks.FLAT_EVENT_TYPES) == table
    # Every type has a flat test form but email.received, privacy.erasure_completed and the account notices (envelopes).
    assert set(postage.webhooks.EVENT_TYPES) == set(table.values()) | {
        "email.received",
        "privacy.erasure_completed",
        "account.reputation_warning",
        "account.sending_paused",
        "account.sending_resumed",
    }
    for status, event_type in table.items():
        body = json.dumps({"provider_message_id": "service-test-2", "status": status}).encode()
        assert verify(body, signed(body, event="email.sent"), SECRET).type == event_type
    # A status that names no event type (or none): refused, whatever the header says.
    for body in (b'{"status":"open"}', b'{"status":"__class__"}', b'{"provider_message_id":"x"}'):
        with pytest.raises(WebhookVerificationError) as caught:
            verify(body, signed(body, event="email.delivered"), SECRET)
        assert caught.value.reason == "invalid_body"
    # The envelope's event_type is signed: it wins over the header too.
    assert verify(BODY, signed(BODY, event="email.bounced"), SECRET).type == "email.delivered"
    # The deprecated event_type of verify_service_signature is not read either.
    with pytest.warns(DeprecationWarning):
        event = Webhook(SECRET).verify_service_signature(FLAT, Webhook(SECRET).service_signature(FLAT), event_type="email.delivered")
    assert event.type == "email.bounced"


def test_without_the_standard_headers_a_delivery_is_refused_unless_insecure_signature_only() -> None:
    headers = {k: v for k, v in signed(BODY).items() if not k.startswith("webhook-")}
    for check in (lambda **kw: verify(BODY, headers, SECRET, **kw), lambda **kw: postage.Postage.verify_webhook(BODY, headers, SECRET, **kw)):
        with pytest.raises(WebhookVerificationError, match="insecure_signature_only") as caught:
            check()
        assert caught.value.reason == "missing_headers"
    with pytest.raises(WebhookVerificationError) as caught:
        Webhook(SECRET).verify_standard(BODY, headers)
    assert caught.value.reason == "missing_headers"
    # The opt-in accepts X-Service-Signature alone, and still wants it right.
    for event in (
        verify(BODY, headers, SECRET, insecure_signature_only=True),
        Webhook(SECRET, insecure_signature_only=True).verify(BODY, headers),
        postage.Postage("pk_x").webhooks.verify(BODY, headers, SECRET, insecure_signature_only=True),
        postage.AsyncPostage("pk_x").webhooks.verify(BODY, headers, SECRET, insecure_signature_only=True),
    ):
        assert event.message_id == "6f0c" and event.id is None and event.timestamp is None
    with pytest.raises(WebhookVerificationError) as caught:
        verify(BODY.replace(b"6f0c", b"6f0d"), headers, SECRET, insecure_signature_only=True)
    assert caught.value.reason == "invalid_signature"
    with pytest.raises(WebhookVerificationError) as caught:
        verify(BODY, {k: v for k, v in headers.items() if k != "X-Service-Signature"}, SECRET, insecure_signature_only=True)
    assert caught.value.reason == "missing_signature"
    # Some of the Standard Webhooks headers, not all: refused with the opt-in too.
    with pytest.raises(WebhookVerificationError) as caught:
        verify(BODY, {**headers, "webhook-id": "msg_0123"}, SECRET, insecure_signature_only=True)
    assert caught.value.reason == "missing_headers"
    # The deprecated require_timestamp=True still refuses them, opt-in or not.
    with pytest.raises(WebhookVerificationError) as caught:
        verify(BODY, headers, SECRET, insecure_signature_only=True, require_timestamp=True)
    assert caught.value.reason == "missing_headers"
    # A flat body checked this way takes its type from its signed status too.
    flat_headers = {"X-Service-Signature": Webhook(SECRET).service_signature(FLAT), "X-Service-Event": "email.delivered"}
    assert verify(FLAT, flat_headers, SECRET, insecure_signature_only=True).type == "email.bounced"


def test_x_service_signature_is_not_needed_beside_the_standard_headers() -> None:
    headers = {k: v for k, v in signed(BODY).items() if k != "X-Service-Signature"}
    assert verify(BODY, headers, SECRET).message_id == "6f0c"
    assert verify(BODY, {**headers, "X-Service-Signature": "sha256=" + "0" * 64}, SECRET).message_id == "6f0c"


@pytest.mark.parametrize(
    "change, reason",
    [
        (lambda b, h: (b.replace(b"delivered", b"bounced"), h), "invalid_signature"),
        (lambda b, h: (b[:-2] + b"x}", h), "invalid_signature"),  # one byte changed
        (lambda b, h: (b, {k: v for k, v in h.items() if not k.startswith("webhook-")}), "missing_headers"),
        (lambda b, h: (b, {k: v for k, v in h.items() if k != "webhook-signature"}), "missing_headers"),
        (lambda b, h: (b, {**h, "webhook-id": "msg_other"}), "invalid_signature"),
        (lambda b, h: (b, {**h, "webhook-signature": "v1,AAAA"}), "invalid_signature"),
        (lambda b, h: (b, {**h, "webhook-signature": h["webhook-signature"].replace("v1,", "v2,")}), "invalid_signature"),
        (lambda b, h: (b, {k: v for k, v in h.items() if k != "webhook-timestamp"}), "missing_headers"),
        (lambda b, h: (b, {**h, "webhook-timestamp": "soon"}), "timestamp_out_of_tolerance"),
    ],
)
def test_tampered_deliveries_are_refused(change, reason) -> None:
    body, headers = change(BODY, signed(BODY))
    with pytest.raises(WebhookVerificationError) as caught:
        verify(body, headers, SECRET)
    assert caught.value.reason == reason


def test_another_secret_or_an_old_or_future_timestamp_is_refused() -> None:
    other = "whsec_" + "ab" * 32
    with pytest.raises(WebhookVerificationError) as caught:
        verify(BODY, signed(BODY), other)
    assert caught.value.reason == "invalid_signature"
    now = int(time.time())
    # A genuine delivery captured 10 minutes ago and played again: refused, with the opt-in too.
    for kw in ({}, {"insecure_signature_only": True}):
        with pytest.raises(WebhookVerificationError, match="too old") as caught:
            verify(BODY, signed(BODY, at=now - 600), SECRET, **kw)
        assert caught.value.reason == "timestamp_out_of_tolerance"
    with pytest.raises(WebhookVerificationError, match="too old") as caught:
        verify(BODY, signed(BODY, at=now - 301), SECRET, now=now)
    assert caught.value.reason == "timestamp_out_of_tolerance"
    with pytest.raises(WebhookVerificationError, match="future"):
        verify(BODY, signed(BODY, at=now + 301), SECRET, now=now)
    assert verify(BODY, signed(BODY, at=now - 299), SECRET, now=now)
    assert verify(BODY, signed(BODY, at=now - 1800), SECRET, tolerance=3600, now=now)


def test_while_a_rotation_overlaps_the_new_and_old_secrets_verify_together() -> None:
    # For 24 hours after a rotation Postage signs X-Service-Signature with the new secret and
    # webhook-signature with both (space separated).
    old, new = SECRET, "whsec_" + "0f" * 32
    headers = signed(BODY, secret=new)
    at = int(headers["webhook-timestamp"])
    headers["webhook-signature"] = f"{Webhook(new).sign('msg_0123', at, BODY)} {Webhook(old).sign('msg_0123', at, BODY)}"
    assert verify(BODY, headers, [new, old]).message_id == "6f0c"
    assert verify(BODY, headers, new).message_id == "6f0c"
    # A receiver that still has only the old secret keeps verifying during the overlap.
    assert verify(BODY, headers, old).message_id == "6f0c"
    assert Webhook(old).verify_standard(BODY, headers).message_id == "6f0c"
    # Once it is over, the old secret no longer verifies.
    with pytest.raises(WebhookVerificationError) as caught:
        verify(BODY, signed(BODY, secret=new), old)
    assert caught.value.reason == "invalid_signature"


def test_a_parsed_body_or_a_missing_secret_is_a_usage_error() -> None:
    with pytest.raises(TypeError, match="raw body"):
        verify(json.loads(BODY), signed(BODY), SECRET)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="secret"):
        Webhook("")


def test_a_signed_body_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(WebhookVerificationError) as caught:
        verify(b"[1,2]", signed(b"[1,2]"), SECRET)
    assert caught.value.reason == "invalid_body"


# email.received (docs/inbound.md, "The email.received event"): a structured payload.
RECEIVED: Dict[str, Any] = {
    "inbound_id": "5b1e0c9a-3f2d-4e8b-9a61-7c2f4d8e1a03",
    "message_id": "0b6f3c1e-8a8d-4b7f-9c3e-2f1a6d5e4c3b",
    "domain": "reply.example.com",
    "rule_id": "9d4c2b1a-6e5f-4a3b-8c7d-1e2f3a4b5c6d",
    "received_at": "2026-12-03T10:15:02.000Z",
    "envelope": {"from": "ann@example.org", "to": "reply+order-42@reply.example.com"},
    "from": {"address": "ann@example.org", "name": "Ann Lee"},
    "to": [{"address": "reply+order-42@reply.example.com", "name": ""}],
    "cc": [],
    "reply_to": [],
    "subject": "Re: Your order #42",
    "text": "Can it come on Friday instead?",
    "html": None,
    "truncated": False,
    "headers": {
        "message_id": "<CAF3k2x8Qz@mail.example.org>",
        "in_reply_to": "<0b6f3c1e-8a8d-4b7f-9c3e-2f1a6d5e4c3b@example.com>",
        "references": ["<0b6f3c1e-8a8d-4b7f-9c3e-2f1a6d5e4c3b@example.com>"],
    },
    "authentication": {"spf": "pass", "dkim": "pass", "dmarc": "pass", "arc": "none"},
    "attachments": [
        {
            "id": "e3a1f7c2-0d4b-4c9e-8f6a-2b5d7e9c1a34",
            "filename": "delivery-note.pdf",
            "content_type": "application/pdf",
            "declared_content_type": "application/pdf",
            "size": 48213,
            "sha256": "9f" * 32,
            "content_id": None,
            "download_url": "https://api.example.test/inbound/attachments/token",
            "expires_at": "2026-12-04T10:15:02.000Z",
        }
    ],
    "size": 73512,
    "source": "mx",
}


def received_body(payload: Dict[str, Any]) -> bytes:
    return json.dumps({"event_type": "email.received", "payload": payload}, separators=(",", ":")).encode()


def test_email_received_reads_the_received_message_typed() -> None:
    body = received_body(RECEIVED)
    event = verify(body, signed(body, event="email.received"), SECRET)
    assert (event.type, event.shape, event.test) == ("email.received", "envelope", False)
    assert event.message_id == RECEIVED["message_id"]
    assert event.recipient == "reply+order-42@reply.example.com"  # the address it was received at
    email = event.received
    assert isinstance(email, postage.webhooks.ReceivedEmail)
    assert (email.envelope.from_, email.envelope.to) == ("ann@example.org", "reply+order-42@reply.example.com")
    assert email.from_ is not None and (email.from_.address, email.from_.name) == ("ann@example.org", "Ann Lee")
    assert [m.address for m in email.to] == ["reply+order-42@reply.example.com"] and email.cc == []
    assert (email.subject, email.text, email.html, email.truncated) == ("Re: Your order #42", "Can it come on Friday instead?", None, False)
    assert email.received_at == datetime(2026, 12, 3, 10, 15, 2, tzinfo=timezone.utc)
    assert email.headers.references == [RECEIVED["headers"]["in_reply_to"]]
    assert (email.authentication.dmarc, email.authentication.spam) == ("pass", postage.models.UNSET)
    (attachment,) = email.attachments
    assert (attachment.filename, attachment.content_type, attachment.size, attachment.content_id) == ("delivery-note.pdf", "application/pdf", 48213, None)
    assert attachment.expires_at.tzinfo is not None
    # to_dict() gives the payload back, as sent.
    assert json.loads(json.dumps(email.to_dict())) == {
        **RECEIVED,
        "received_at": "2026-12-03T10:15:02+00:00",
        "attachments": [{**RECEIVED["attachments"][0], "expires_at": "2026-12-04T10:15:02+00:00"}],
    }
    # Through SES receiving: its spam and virus verdicts; an answer to nothing sent: message_id None.
    ses = {**RECEIVED, "message_id": None, "source": "ses", "authentication": {**RECEIVED["authentication"], "spam": "pass", "virus": "fail"}}
    event = verify(received_body(ses), signed(received_body(ses)), SECRET)
    assert event.message_id is None and event.received is not None and event.received.message_id is None
    assert (event.received.source, event.received.authentication.virus) == ("ses", "fail")
    # Every other event has none.
    assert verify(BODY, signed(BODY), SECRET).received is None


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda p: p.pop("envelope"), id="no envelope"),
        pytest.param(lambda p: p.update(to="ann@example.org"), id="to not a list"),
        pytest.param(lambda p: p.update(attachments=[{"id": "a"}]), id="an attachment without its fields"),
        pytest.param(lambda p: p.update(authentication={"spf": "pass"}), id="verdicts missing"),
        pytest.param(lambda p: p.update(size="73512"), id="size not a number"),
    ],
)
def test_an_email_received_payload_without_its_shape_is_refused(change: Any) -> None:
    payload = json.loads(json.dumps(RECEIVED))
    change(payload)
    body = received_body(payload)
    with pytest.raises(WebhookVerificationError) as caught:
        verify(body, signed(body), SECRET)
    assert caught.value.reason == "invalid_body"


# The official Standard Webhooks library (PyPI ``standardwebhooks``), as a witness. It is not a
# dependency of the package: tools/ensure-standardwebhooks.sh installs it into a virtualenv of its
# own, which POSTAGE_STANDARDWEBHOOKS_PYTHON names (npm test sets it).
_OFFICIAL = os.environ.get("POSTAGE_STANDARDWEBHOOKS_PYTHON")
_OFFICIAL_SCRIPT = """
import json, sys
from datetime import datetime, timezone
from standardwebhooks.webhooks import Webhook, WebhookVerificationError
request = json.load(sys.stdin)
hook = Webhook(request["secret"])
out = {"signature": hook.sign(request["id"], datetime.fromtimestamp(request["at"], tz=timezone.utc), request["body"]), "verdicts": []}
for headers in request["check"]:
    try:
        hook.verify(request["body"], headers)
        out["verdicts"].append("ok")
    except WebhookVerificationError as exc:
        out["verdicts"].append(str(exc))
print(json.dumps(out))
"""


@pytest.mark.skipif(not _OFFICIAL, reason="POSTAGE_STANDARDWEBHOOKS_PYTHON is not set (npm test sets it)")
def test_the_official_standard_webhooks_library_agrees() -> None:
    now = int(time.time())
    captured = signed(BODY, at=now - 600)
    service_only = {k: v for k, v in signed(BODY).items() if not k.startswith("webhook-")}
    request = {"secret": SECRET, "id": "msg_0123", "at": now, "body": BODY.decode(), "check": [signed(BODY), captured, service_only]}
    run = subprocess.run([str(_OFFICIAL), "-c", _OFFICIAL_SCRIPT], input=json.dumps(request), capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    official = json.loads(run.stdout)
    # What it signs verifies here; what this SDK's tests sign as Postage does verifies there.
    headers = {"webhook-id": "msg_0123", "webhook-timestamp": str(now), "webhook-signature": official["signature"]}
    assert verify(BODY, headers, SECRET).message_id == "6f0c"
    good, stale, unstamped = official["verdicts"]
    assert good == "ok"
    # A delivery 10 minutes old and one without the Standard Webhooks headers: refused by both.
    assert "too old" in stale
    with pytest.raises(WebhookVerificationError) as caught:
        verify(BODY, captured, SECRET)
    assert caught.value.reason == "timestamp_out_of_tolerance"
    assert "Missing required headers" in unstamped or "missing" in unstamped.lower()
    with pytest.raises(WebhookVerificationError) as caught:
        verify(BODY, service_only, SECRET)
    assert caught.value.reason == "missing_headers"

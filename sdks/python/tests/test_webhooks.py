"""Webhook verification without a server: the Standard Webhooks test vector, X-Service-Signature,
tampering, clocks, rotated secrets, and both payload shapes of spec 6.4."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from typing import Dict, Optional

import pytest

import postage
from postage import WebhookVerificationError
from postage.webhooks import Webhook, verify

SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
BODY = b'{"event_type":"email.delivered","payload":{"message_id":"6f0c","recipient":"ann@example.org","status":"delivered","tags":{"run":"x"}}}'
# The flat shape of a test event (spec 6.4), as POST /api/webhooks/{id}/test sends it for a bounce.
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
    event = hook.verify_standard(body, headers, now=1614265330)
    assert event.id == "msg_p5jXN8AQM9LWM0D4loKWxJek"
    assert event.body == {"test": 2432232314}
    # verify wants X-Service-Signature as well.
    event = hook.verify(body, {**headers, "X-Service-Signature": hook.service_signature(body)}, now=1614265330)
    assert event.timestamp is not None and int(event.timestamp.timestamp()) == 1614265330


def test_x_service_signature_is_the_hex_hmac_of_the_body_keyed_with_the_whole_secret() -> None:
    expected = "sha256=" + hmac.new(SECRET.encode(), BODY, hashlib.sha256).hexdigest()
    assert Webhook(SECRET).service_signature(BODY) == expected
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
    assert (event.type, event.shape, event.test) == ("email.bounced", "flat", True)  # the type from X-Service-Event
    assert (event.recipient, event.status, event.bounce_type) == ("bounce@test.example", "bounced", "Permanent")
    assert event.message_id == event.provider_message_id == "service-test-0b6f3c1e"
    assert event.payload["bounced_recipients"] == ["bounce@test.example"]
    assert event.tags == {}


def test_without_the_standard_headers_x_service_signature_alone_verifies_unless_a_timestamp_is_required() -> None:
    headers = {k: v for k, v in signed(BODY).items() if not k.startswith("webhook-")}
    event = verify(BODY, headers, SECRET)
    assert event.message_id == "6f0c" and event.id is None and event.timestamp is None
    with pytest.raises(WebhookVerificationError) as caught:
        verify(BODY, headers, SECRET, require_timestamp=True)
    assert caught.value.reason == "missing_headers"


@pytest.mark.parametrize(
    "change, reason",
    [
        (lambda b, h: (b.replace(b"delivered", b"bounced"), h), "invalid_signature"),
        (lambda b, h: (b[:-2] + b"x}", h), "invalid_signature"),  # one byte changed
        (lambda b, h: (b, {k: v for k, v in h.items() if k != "X-Service-Signature"}), "missing_signature"),
        (lambda b, h: (b, {**h, "X-Service-Signature": "sha256=" + "0" * 64}), "invalid_signature"),
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
    # A receiver that still has only the old secret passes the Standard Webhooks check alone.
    assert Webhook(old).verify_standard(BODY, headers).message_id == "6f0c"
    with pytest.raises(WebhookVerificationError):
        verify(BODY, headers, old)


def test_a_parsed_body_or_a_missing_secret_is_a_usage_error() -> None:
    with pytest.raises(TypeError, match="raw body"):
        verify(json.loads(BODY), signed(BODY), SECRET)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="secret"):
        Webhook("")


def test_a_signed_body_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(WebhookVerificationError) as caught:
        verify(b"[1,2]", signed(b"[1,2]"), SECRET)
    assert caught.value.reason == "invalid_body"

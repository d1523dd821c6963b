"""The installed SDK against the real API of a test stack (test/sdks/sdks.test.ts starts it and
passes it in POSTAGE_* variables; without them these tests are skipped).

Every send goes to the test domain's recipients (outcomes simulated, nothing leaves). The suite
keeps its sends few: the account's keys (and their per-minute limit) are shared with the other
SDKs' suites, and test.sh runs it once per Python.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import re
import smtplib
import time
import uuid
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from typing import Any, Callable, Dict, List, Optional, TypeVar

import pytest

import postage
from postage import models
from postage.webhooks import Webhook

T = TypeVar("T")
UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


def run_id() -> str:
    return uuid.uuid4().hex[:16]


def eventually(probe: Callable[[], Optional[T]], what: str, timeout: float = 60.0, every: float = 0.5) -> T:
    deadline = time.monotonic() + timeout
    while True:
        value = probe()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(every)


def logged(admin: postage.Postage, tag: str, count: int = 1) -> List[models.EmailListEmailsItem]:
    """The email log rows of a tag, once there are `count` of them (the log row is written by
    the message's workflow, a moment after the send is answered)."""
    return eventually(lambda: (lambda rows: rows if len(rows) >= count else None)(admin.emails.list(tag=tag).emails), f"{count} log row(s) tagged {tag}")


# Sending ------------------------------------------------------------------------------------

OUTCOMES = {"delivered": "delivered", "bounce": "bounced", "complaint": "complained"}


def settled(admin: postage.Postage, message_id: str, status: str, timeout: float = 60.0) -> models.EmailDetail:
    """The log entry of a message once it reached ``status`` (the log row is written by the
    message's workflow a moment after the send is answered: 404 until then)."""
    last: List[str] = ["nothing"]

    def probe() -> Optional[models.EmailDetail]:
        try:
            detail = admin.emails.get(message_id)
        except postage.NotFoundError:
            last[0] = "404"
            return None
        last[0] = f"status {detail.email.status}"
        return detail if detail.email.status == status else None

    try:
        return eventually(probe, f"{message_id} to become {status}", timeout=timeout)
    except AssertionError as exc:
        raise AssertionError(f"{exc}: last saw {last[0]}") from None


def test_me_and_sends_to_the_test_recipients_reach_their_outcomes(live, client: postage.Postage, admin: postage.Postage) -> None:
    account = client.me.get()
    assert isinstance(account, models.AccountRecord)
    assert account.is_verified is True
    assert account.current_plan == "growth"
    assert live.domain in account.verified_shared_domains

    rid = run_id()
    sent: Dict[str, models.SendResult] = {}
    for local in OUTCOMES:
        sent[local] = client.emails.send(
            from_email=live.sender,
            from_name="Python SDK",
            to=live.test_address(local),
            subject=f"Python SDK: {local}",
            html="<p>Hello from the <b>Python</b> SDK.</p>",
            message="Hello from the Python SDK.",
            tags={"sdk": "python", "run": rid},
        )
    for result in sent.values():
        assert isinstance(result, models.SendResponse)
        assert result.success is True and result.mode == "shared"
        assert UUID.match(result.message_id)
        assert result.attachments == 0 and result.idempotent_replayed is False
        assert any("quota" in w for w in result.warnings), result.warnings  # the test-send note

    for local, status in OUTCOMES.items():
        detail = settled(admin, sent[local].message_id, status)
        email = detail.email
        assert (email.recipient, email.subject, email.kind) == (live.test_address(local), f"Python SDK: {local}", "test")
        assert email.tags["run"] == rid
        assert [step.type_ for step in detail.timeline][:1] == ["queued"]
        if status == "delivered":
            assert email.delivered_at
        elif status == "bounced":
            assert (email.bounce_type, email.bounce_subtype) == ("Permanent", "General") and email.bounced_at
        else:
            assert email.complained_at

    # The log lists them, by tag, page after page.
    listed = {row.message_id: row.status for row in admin.emails.iterate(tag=f"run:{rid}", page_size=2)}
    assert listed == {sent[local].message_id: status for local, status in OUTCOMES.items()}


def test_the_async_client_sends_with_an_attachment(live) -> None:
    async def main() -> models.SendResponse:
        async with postage.AsyncPostage(api_key=live.api_key, base_url=live.base_url) as client:
            account, sent = await asyncio.gather(
                client.me.get(),
                client.emails.send(
                    from_email=live.sender,
                    to=f"Test Recipient <{live.test_address('delivered')}>",
                    subject="Python SDK: async, with an attachment",
                    message="See attached.",
                    attachments=[postage.Attachment("hello.txt", "Hello, attachment.\n".encode(), "text/plain")],
                ),
            )
            assert live.domain in account.verified_shared_domains
            return sent

    sent = asyncio.run(main())
    assert sent.success is True and sent.mode == "shared"
    assert sent.attachments == 1


def test_a_batch_answers_each_email_on_its_own(live, client: postage.Postage, admin: postage.Postage) -> None:
    rid = run_id()
    email = {"from_email": live.sender, "subject": "Python SDK: batch", "message": "Hello.", "tags": {"run": rid}}
    batch = client.emails.send_batch(
        [
            {**email, "to": live.test_address("delivered")},
            {**email, "to": "not an address"},
            {**email, "to": live.test_address("bounce")},
        ]
    )
    assert batch.success is True and batch.idempotent_replayed is False
    first, invalid, third = batch.data
    assert isinstance(first, models.BatchItemAccepted), first
    assert first.index == 0 and UUID.match(first.message_id)
    assert isinstance(invalid, models.BatchItemInvalid), invalid
    assert invalid.index == 1 and "to" in invalid.errors
    assert isinstance(third, models.BatchItemAccepted), third
    assert third.index == 2 and third.message_id != first.message_id
    rows = logged(admin, f"run:{rid}", count=2)
    assert {r.message_id: r.recipient for r in rows} == {first.message_id: live.test_address("delivered"), third.message_id: live.test_address("bounce")}


def test_a_scheduled_send_can_be_moved_and_cancelled(live, client: postage.Postage, admin: postage.Postage) -> None:
    when = (datetime.now(timezone.utc) + timedelta(hours=1)).replace(microsecond=0)
    sent = client.emails.send(from_email=live.sender, to=live.test_address("delivered"), subject="Python SDK: later", message="Later.", scheduled_at=when)
    assert sent.scheduled_at == when
    # Its log row (written by its workflow a moment after the answer) says scheduled. Waiting
    # for it also keeps clear of an API race: a send cancelled before its workflow has logged it
    # is never logged at all (emails.get answers 404 for good).
    assert settled(admin, sent.message_id, "scheduled").email.scheduled_at == when
    moved = admin.emails.reschedule(sent.message_id, scheduled_at=when + timedelta(hours=1))
    assert (moved.status, moved.scheduled_at) == ("scheduled", when + timedelta(hours=1))
    canceled = admin.emails.cancel(sent.message_id)
    assert canceled.status == "canceled" and canceled.scheduled_at is None
    assert settled(admin, sent.message_id, "canceled").email.recipient == live.test_address("delivered")
    with pytest.raises(postage.ConflictError) as caught:
        admin.emails.cancel(sent.message_id)
    assert caught.value.code == postage.ErrorCode.NOT_SCHEDULED


def test_a_published_template_is_sent_with_its_variables(live, client: postage.Postage, admin: postage.Postage) -> None:
    rid = run_id()
    alias = f"sdk-python-{rid}"
    template = admin.templates.create(
        name=f"Python SDK welcome {rid}",
        alias=alias,
        subject="Welcome, {{ name }} ({{ plan }})",
        html="<p>Hello {{ name }}, your plan is <b>{{ plan }}</b>.</p>",
        text="Hello {{ name }}, your plan is {{ plan }}.",
    )
    try:
        assert template.alias == alias and template.published_version is None
        assert sorted(template.draft.variables) == ["name", "plan"]
        with pytest.raises(postage.BadRequestError) as caught:  # a draft is not sent
            client.emails.send(from_email=live.sender, to=live.test_address("delivered"), template=alias, variables={"name": "Ann", "plan": "Growth"})
        assert any(field.startswith("template") for field in caught.value.errors), caught.value.errors
        published = admin.templates.publish(template.id)
        assert published.published_version == 1 and published.has_unpublished_changes is False
        assert [v.version for v in admin.templates.versions(alias).versions] == [1]
        preview = admin.templates.preview(alias, variables={"name": "Bo", "plan": "Pro"})
        assert preview.subject == "Welcome, Bo (Pro)"
        assert alias in [t.alias for t in admin.templates.iterate()]

        sent = client.emails.send(
            from_email=live.sender,
            to=live.test_address("delivered"),
            template=alias,
            variables={"name": "Ann", "plan": "Growth"},
            tags={"run": rid},
        )
        detail = settled(admin, sent.message_id, "delivered")
        assert detail.email.subject == "Welcome, Ann (Growth)"
        assert detail.email.template and detail.email.template.id == template.id and detail.email.template.version == 1
    finally:
        try:
            admin.templates.delete(template.id)
        except postage.ConflictError:  # template_in_use: a scheduled send still needs it
            pass


# Retries ------------------------------------------------------------------------------------


def test_a_send_whose_answer_is_lost_is_retried_and_sent_once(live, admin: postage.Postage) -> None:
    # The flaky proxy lets the API accept the first request of each idempotency key, then drops
    # the connection instead of passing the answer on. The client sends again with the same key
    # (one it made itself) and gets the first answer, replayed: one message, not two.
    rid = run_id()
    with postage.Postage(api_key=live.api_key, base_url=live.flaky_base_url) as flaky:
        sent = flaky.emails.send(
            from_email=live.sender, to=live.test_address("delivered"), subject="Python SDK: lost answer", message="Sent once.", tags={"run": rid}
        )
    assert sent.success is True and UUID.match(sent.message_id)
    assert sent.idempotent_replayed is True  # the answer is the first request's
    (row,) = logged(admin, f"run:{rid}")
    assert row.message_id == sent.message_id
    time.sleep(1.0)  # a second message would be logged by now
    assert [r.message_id for r in admin.emails.list(tag=f"run:{rid}").emails] == [sent.message_id]


def test_a_key_of_your_own_survives_a_lost_answer_too(live, admin: postage.Postage) -> None:
    rid = run_id()
    key = postage.new_idempotency_key()
    with postage.Postage(api_key=live.api_key, base_url=live.flaky_base_url) as flaky:
        sent = flaky.emails.send(
            from_email=live.sender,
            to=live.test_address("delivered"),
            subject="Python SDK: lost answer, own key",
            message="Sent once.",
            tags={"run": rid},
            idempotency_key=key,
        )
        batch = flaky.emails.send_batch(
            [{"from_email": live.sender, "to": live.test_address("delivered"), "subject": "Python SDK: lost batch", "message": "Once.", "tags": {"run": rid}}]
        )
    assert sent.idempotency_key == key and sent.idempotent_replayed is True
    assert batch.idempotent_replayed is True
    (item,) = batch.data
    assert isinstance(item, models.BatchItemAccepted)
    rows = logged(admin, f"run:{rid}", count=2)
    time.sleep(1.0)
    rows = admin.emails.list(tag=f"run:{rid}").emails
    assert sorted(r.message_id for r in rows) == sorted([sent.message_id, item.message_id])


def test_the_async_client_retries_a_lost_answer_too(live, admin: postage.Postage) -> None:
    rid = run_id()

    async def main() -> models.SendResponse:
        async with postage.AsyncPostage(api_key=live.api_key, base_url=live.flaky_base_url) as flaky:
            return await flaky.emails.send(
                from_email=live.sender, to=live.test_address("delivered"), subject="Python SDK: async lost answer", message="Once.", tags={"run": rid}
            )

    sent = asyncio.run(main())
    (row,) = logged(admin, f"run:{rid}")
    assert row.message_id == sent.message_id


def test_without_retries_a_lost_answer_is_a_connection_error(live) -> None:
    with postage.Postage(api_key=live.api_key, base_url=live.flaky_base_url, max_retries=0) as flaky:
        with pytest.raises(postage.APIConnectionError):
            flaky.emails.send(from_email=live.sender, to=live.test_address("delivered"), subject="Python SDK: no retry", message="Hello.")


# Errors -------------------------------------------------------------------------------------

ERROR_CASES: List[Dict[str, Any]] = json.loads(os.environ.get("POSTAGE_ERROR_CASES") or "[]")
ERROR_CLASSES = {
    400: postage.BadRequestError,
    401: postage.AuthenticationError,
    403: postage.PermissionDeniedError,
    422: postage.UnprocessableEntityError,
    429: postage.RateLimitError,
}


@pytest.mark.parametrize("case", ERROR_CASES or [None], ids=[c["name"] for c in ERROR_CASES] or ["no cases"])
def test_each_documented_refusal_raises_its_typed_error(live, case: Optional[Dict[str, Any]]) -> None:
    if case is None:
        pytest.skip("POSTAGE_ERROR_CASES is empty")
    with postage.Postage(api_key=case["api_key"], base_url=live.base_url, max_retries=0) as client:
        with pytest.raises(postage.APIError) as caught:
            client.emails.send(**case["body"])
    error = caught.value
    assert type(error) is ERROR_CLASSES[case["status"]]
    assert error.status_code == case["status"]
    assert error.code == case.get("error")
    if error.code is not None:
        assert error.code in {c.value for c in postage.ErrorCode}
    assert error.detail
    assert error.request_id
    if case["status"] == 400:
        assert "to" in error.errors
    if case["status"] == 429:
        assert isinstance(error, postage.RateLimitError)
        if case.get("error") is None:  # the per-minute limit: no code, Retry-After and X-RateLimit-*
            assert error.is_rate_limit and not error.is_usage_limit and error.retryable
            assert error.retry_after is not None and error.retry_after > 0
            assert error.limit is not None and error.remaining == 0
        else:  # the monthly quota
            assert error.is_usage_limit and not error.is_rate_limit and not error.retryable


def test_with_retries_a_long_rate_limit_block_is_raised_not_waited_for(live) -> None:
    (case,) = [c for c in ERROR_CASES if c["status"] == 429 and not c.get("error")] or [None]
    if case is None:
        pytest.skip("no rate-limit case")
    with postage.Postage(api_key=case["api_key"], base_url=live.base_url) as client:  # default retries
        started = time.monotonic()
        with pytest.raises(postage.RateLimitError) as caught:
            client.emails.send(**case["body"])
    assert caught.value.retry_after is not None and caught.value.retry_after > client.max_retry_wait
    assert time.monotonic() - started < 10


def test_the_cases_cover_every_documented_send_refusal(live) -> None:
    names = {case.get("error") or str(case["status"]) for case in ERROR_CASES}
    gates = {
        "unauthorized",
        "domain_not_registered",
        "domain_not_allowed",
        "network_not_allowed",
        "sending_suspended",
        "domain_not_verified",
        "dkim_not_verified",
    }
    assert gates | {"domain_mode_mismatch", "recipient_suppressed", "usage_limit_exceeded", "400", "401", "429"} <= names, names


def test_management_needs_a_full_access_key(live, client: postage.Postage, admin: postage.Postage) -> None:
    with pytest.raises(postage.PermissionDeniedError) as caught:
        client.domains.list()
    assert caught.value.code == "insufficient_permission"
    names = [d.name for d in admin.domains.list().domains]
    assert live.domain in names
    assert admin.domains.get(live.domain).status == "verified"
    with pytest.raises(postage.NotFoundError):
        admin.suppressions.get(f"nobody-{run_id()}@example.org")
    usage = admin.usage.get()
    assert usage.plan == "growth"
    queue = admin.sending_queue.get()
    assert queue.byoc is None and queue.shared.pace_per_second > 0


def test_a_key_bound_to_networks_is_refused_from_elsewhere_with_network_not_allowed(live, admin: postage.Postage) -> None:
    created = admin.api_keys.create(name=f"sdk-python networks {run_id()}", networks=["10.0.0.0/8"])
    try:
        assert created.api_key.networks == ["10.0.0.0/8"]
        assert [k.networks for k in admin.api_keys.list().api_keys if k.id == created.api_key.id] == [["10.0.0.0/8"]]
        # These tests run on 127.0.0.1, outside 10.0.0.0/8.
        with postage.Postage(api_key=created.secret, base_url=live.base_url, max_retries=0) as outside:
            with pytest.raises(postage.PermissionDeniedError) as caught:
                outside.me.get()
        assert caught.value.status_code == 403
        assert caught.value.code == postage.ErrorCode.NETWORK_NOT_ALLOWED
    finally:
        admin.api_keys.revoke(created.api_key.id)


# The team and the audit log ---------------------------------------------------------------


def test_the_team_and_the_audit_log(live, client: postage.Postage, admin: postage.Postage) -> None:
    # The fixture's account has its owner as its one member, and nobody invited (only a person
    # may invite).
    me = client.me.get()
    members = admin.members.list().members
    assert [(m.email, m.role) for m in members] == [(me.email, "owner")]
    assert members[0].user_id
    assert admin.invitations.list().invitations == []
    with pytest.raises(postage.PermissionDeniedError) as caught:
        client.members.list()
    assert caught.value.code == postage.ErrorCode.INSUFFICIENT_PERMISSION

    # A key made with the full_access key is made by it: its created_by and the audit log say so.
    name = f"sdk-python {run_id()}"
    created = admin.api_keys.create(name=name)
    try:
        assert created.api_key.created_by is not None and created.api_key.created_by.type_ == "key"
        assert (created.api_key.created_by.name or "").startswith("sdk full access")
    finally:
        admin.api_keys.revoke(created.api_key.id)

    page = admin.audit.list(action="api_key.create", limit=100)
    assert {e.action for e in page.entries} == {"api_key.create"}
    by_name = {e.details["name"]: e for e in page.entries if "name" in e.details}
    assert "sdk full access" in by_name, [e.to_dict() for e in page.entries]  # the fixture's key
    assert by_name[name].actor.type_ == "key" and (by_name[name].actor.name or "").startswith("sdk full access")

    # Every page, one entry each: the same entries (and any made since), newest first, once.
    entries = list(admin.audit.iterate(action="api_key", page_size=1))
    ids = [e.id for e in entries]
    assert len(ids) == len(set(ids)) >= 2
    assert {e.id for e in page.entries} <= set(ids)
    times = [e.created_at for e in entries]
    assert times == sorted(times, reverse=True)

    async def first_async_entries() -> List[str]:
        async with postage.AsyncPostage(api_key=live.full_access_key, base_url=live.base_url) as async_admin:
            assert [m.email for m in (await async_admin.members.list()).members] == [me.email]
            found = []
            async for entry in async_admin.audit.iterate(action="api_key.create", page_size=1):
                found.append(entry.id)
                if len(found) == 2:
                    break
            return found

    assert len(asyncio.run(first_async_entries())) == 2


# Webhooks -----------------------------------------------------------------------------------


def tampered(body: bytes) -> bytes:
    """The body with one byte changed (a digit of the JSON, or its last character)."""
    i = next((i for i, b in enumerate(body) if 0x30 <= b <= 0x39), len(body) - 1)
    return body[:i] + bytes([body[i] ^ 0x01]) + body[i + 1 :]


def test_real_deliveries_verify_with_the_signing_secret(live, client: postage.Postage, admin: postage.Postage, receiver) -> None:
    created = admin.webhooks.create(url=receiver.url, events=["email.sent", "email.delivered"])
    webhook_id = created.webhook.id
    try:
        secret = created.signing_secret
        assert secret.startswith("whsec_")
        sent = client.emails.send(
            from_email=live.sender, to=live.test_address("delivered"), subject="Python SDK: webhooks", message="Hello.", tags={"run": run_id()}
        )

        def event_of(kind: str) -> Callable[[Any], bool]:
            def matches(r: Any) -> bool:
                try:
                    event = postage.verify_webhook(r.body, r.headers, secret)
                except postage.WebhookVerificationError:
                    return False
                return event.type == kind and event.message_id == sent.message_id

            return matches

        for kind in ("email.sent", "email.delivered"):
            delivery = receiver.wait_for(event_of(kind))
            assert delivery is not None, (
                f"no verified {kind} delivery for {sent.message_id}: got {[r.headers.get('X-Service-Event') for r in receiver.received]}"
            )
            event = admin.webhooks.verify(delivery.body, delivery.headers, secret)
            assert isinstance(event, postage.WebhookEvent)
            assert (event.shape, event.test) == ("envelope", False)
            assert event.id and event.id.startswith("msg_")
            assert event.timestamp is not None
            assert event.recipient == live.test_address("delivered")
            assert event.status == ("queued" if kind == "email.sent" else "delivered")
            assert event.tags and "run" in event.tags
            # Without its Standard Webhooks headers the same delivery is refused, unless the
            # receiver opts in to X-Service-Signature alone.
            service_only = {k: v for k, v in delivery.headers.items() if not k.lower().startswith("webhook-")}
            with pytest.raises(postage.WebhookVerificationError) as caught:
                postage.verify_webhook(delivery.body, service_only, secret)
            assert caught.value.reason == "missing_headers"
            assert postage.verify_webhook(delivery.body, service_only, secret, insecure_signature_only=True).message_id == sent.message_id
            # The same body, one byte changed; another secret; an old delivery played again.
            with pytest.raises(postage.WebhookVerificationError) as caught:
                postage.verify_webhook(tampered(delivery.body), delivery.headers, secret)
            assert caught.value.reason == "invalid_signature"
            with pytest.raises(postage.WebhookVerificationError):
                postage.verify_webhook(delivery.body, delivery.headers, "whsec_" + "00" * 32)
            with pytest.raises(postage.WebhookVerificationError) as caught:
                postage.verify_webhook(delivery.body, delivery.headers, secret, now=time.time() + 3600)
            assert caught.value.reason == "timestamp_out_of_tolerance"

        # A test event: the flat shape, its type named by its signed status.
        seen = len(receiver.received)
        tested = admin.webhooks.test(webhook_id, event_type="email.delivered")
        assert tested.delivery.succeeded is True and tested.delivery.test is True
        test_delivery = receiver.wait_for(lambda r: receiver.received.index(r) >= seen, timeout=30)
        assert test_delivery is not None
        event = postage.verify_webhook(test_delivery.body, test_delivery.headers, secret)
        assert (event.type, event.shape, event.test) == ("email.delivered", "flat", True)
        assert event.payload == tested.payload.to_dict()
        assert event.message_id and event.message_id.startswith("service-test-")
        assert event.recipient == live.test_address("delivered") and event.status == "delivered"
        with pytest.raises(postage.WebhookVerificationError) as caught:
            postage.verify_webhook(tampered(test_delivery.body), test_delivery.headers, secret)
        assert caught.value.reason == "invalid_signature"
        relabelled = {**{k: v for k, v in test_delivery.headers.items() if k.lower() != "x-service-event"}, "X-Service-Event": "email.bounced"}
        assert postage.verify_webhook(test_delivery.body, relabelled, secret).type == "email.delivered"

        # After a rotation, X-Service-Signature is made with the new secret, and for 24 hours
        # webhook-signature with both: a receiver passes [new, old], or still the old one alone.
        rotated = admin.webhooks.rotate_secret(webhook_id)
        assert rotated.signing_secret != secret
        seen = len(receiver.received)
        admin.webhooks.test(webhook_id, event_type="email.sent")
        after = receiver.wait_for(lambda r: receiver.received.index(r) >= seen, timeout=30)
        assert after is not None
        assert len(after.headers["webhook-signature"].split(" ")) == 2
        assert postage.verify_webhook(after.body, after.headers, [rotated.signing_secret, secret]).type == "email.sent"
        assert postage.verify_webhook(after.body, after.headers, rotated.signing_secret).type == "email.sent"
        assert Webhook(secret).verify_standard(after.body, after.headers).type == "email.sent"
        assert postage.verify_webhook(after.body, after.headers, secret).type == "email.sent"

        deliveries = admin.webhooks.deliveries(webhook_id).deliveries
        assert any(d.message_id == sent.message_id and d.succeeded for d in deliveries)
    finally:
        admin.webhooks.delete(webhook_id)
    assert webhook_id not in [w.id for w in admin.webhooks.list().webhooks]


# Receiving email ----------------------------------------------------------------------------

# A PNG's first bytes: what the attachment is, whatever the sender declares.
PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000") + bytes(64)


def test_the_live_events_stream_gives_a_sends_delivery_as_it_happens(live, client: postage.Postage, admin: postage.Postage) -> None:
    with admin.events.stream(events=["email.delivered"]) as stream:
        sent = client.emails.send(from_email=live.sender, to=live.test_address("delivered"), subject="Python SDK: live events", message="Hello.")
        # Other tests' deliveries come too; the loop ends at this one (a stuck stream: the run's timeout).
        event = next(e for e in stream if e.parse().message_id == sent.message_id)
    assert event.type == "email.delivered" and event.id.startswith("msg_")
    assert event.parse().recipient == live.test_address("delivered")
    assert stream.last_event_id == event.cursor


def test_a_reply_through_the_mx_is_received_typed_and_read_back(live, client: postage.Postage, admin: postage.Postage, receiver) -> None:
    if not live.mx_host:
        pytest.skip("POSTAGE_MX_HOST / POSTAGE_MX_PORT are not set (test/sdks/sdks.test.ts sets them)")
    run = run_id()[:8]
    name = f"in-py-{run}.{live.domain}"
    created = admin.webhooks.create(url=receiver.url, events=["email.received"])
    try:
        domain = admin.inbound.domains.create(name=name)
        assert (domain.domain, domain.records[0].type_) == (live.domain, "MX")
        assert name in [d.name for d in admin.inbound.domains.list().inbound_domains]
        with pytest.raises(postage.ConflictError) as conflict:
            admin.inbound.domains.create(name=name)
        assert conflict.value.code == postage.ErrorCode.INBOUND_DOMAIN_EXISTS
        support = admin.inbound.rules.create(name, match="support", endpoint_ids=[created.webhook.id])
        tagged = admin.inbound.rules.create(name, match="reply+*")
        assert [r.match for r in admin.inbound.rules.list(name).rules] == ["support", "reply+*"]

        # A message sent with Postage, and a reply to it through the MX, with an attachment whose
        # bytes are a PNG but which says it is a PDF.
        sent = client.emails.send(from_email=live.sender, to=live.test_address("delivered"), subject=f"Order {run}", message="It ships tomorrow.")
        reply = EmailMessage()
        reply["From"] = "Ann <ann@example.org>"
        reply["To"] = f"support@{name}"
        reply["Subject"] = f"Re: Order {run}"
        reply["In-Reply-To"] = f"<{sent.message_id}@{live.domain}>"
        reply.set_content("Can it come on Friday instead?")
        reply.add_attachment(PNG, maintype="application", subtype="pdf", filename="note.pdf")
        with smtplib.SMTP(live.mx_host, live.mx_port, timeout=30) as smtp:
            smtp.send_message(reply, from_addr="ann@example.org", to_addrs=[f"support@{name}"])

        def received() -> Optional[postage.WebhookEvent]:
            for r in receiver.received:
                try:
                    event = postage.verify_webhook(r.body, r.headers, created.signing_secret)
                except postage.WebhookVerificationError:
                    continue
                if event.received is not None and event.received.domain == name:
                    return event
            return None

        event = eventually(received, "the email.received delivery", timeout=90)
        email = event.received
        assert email is not None
        assert (event.type, event.recipient, event.message_id) == ("email.received", f"support@{name}", sent.message_id)
        assert (email.rule_id, email.envelope.from_, email.envelope.to) == (support.id, "ann@example.org", f"support@{name}")
        assert email.from_ is not None and (email.from_.address, email.from_.name) == ("ann@example.org", "Ann")
        assert email.subject == f"Re: Order {run}" and "Friday" in (email.text or "")
        assert email.received_at.tzinfo is not None and email.source == "mx"
        (attachment,) = email.attachments
        assert (attachment.filename, attachment.declared_content_type, attachment.content_type) == ("note.pdf", "application/pdf", "image/png")
        assert (attachment.size, attachment.sha256) == (len(PNG), hashlib.sha256(PNG).hexdigest())

        # The API: listed, read whole, raw, the attachment downloaded, deleted.
        listed = list(admin.inbound.iterate(domain=name, page_size=10))
        assert [(m.id, m.message_id, m.attachment_count) for m in listed] == [(email.inbound_id, sent.message_id, 1)]
        whole = admin.inbound.get(email.inbound_id)
        assert (whole.id, whole.text) == (email.inbound_id, email.text)
        assert f"Subject: Re: Order {run}".encode() in admin.inbound.raw(email.inbound_id)
        assert admin.inbound.download_attachment(attachment) == PNG
        assert admin.inbound.download_attachment(whole.attachments[0].download_url) == PNG
        admin.inbound.delete(email.inbound_id)
        with pytest.raises(postage.NotFoundError):
            admin.inbound.get(email.inbound_id)
        with pytest.raises(postage.NotFoundError):
            admin.inbound.download_attachment(attachment)
        assert any(t.type_ == "replied" for t in admin.emails.get(sent.message_id).timeline)

        assert admin.inbound.rules.delete(name, tagged.id).success is True
    finally:
        admin.webhooks.delete(created.webhook.id)
        try:
            admin.inbound.domains.delete(name)
        except postage.NotFoundError:
            pass
    with pytest.raises(postage.NotFoundError):
        admin.inbound.domains.get(name)

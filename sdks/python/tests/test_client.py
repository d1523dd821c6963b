"""The client without a server: the requests it makes, when it retries, how it reads answers
(httpx.MockTransport stands in for the API)."""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import json
import os
import re
import textwrap
import typing
import uuid
from datetime import date, datetime, timedelta, timezone
from typing import Any, Callable, Dict, List, Optional, Tuple

import httpx
import pytest

import postage
from postage import models

MESSAGE_ID = "0b6f3c1e-8a8d-4b7f-9c3e-2f1a6d5e4c3b"
SENT = {"success": True, "message": "Queued for delivery.", "message_id": MESSAGE_ID, "mode": "shared", "attachments": 0}
ACCOUNT = {
    "name": "Ann",
    "email": "ann@example.org",
    "is_verified": True,
    "current_plan": "growth",
    "byoc_usage_current_month": 0,
    "shared_usage_current_month": 3,
    "byoc_configured": False,
    "verified_byoc_domains": [],
    "verified_shared_domains": ["mail.example.com"],
}


def answer(status: int, body: Any = None, headers: Dict[str, str] = None) -> httpx.Response:
    return httpx.Response(status, json=body, headers={"X-Request-Id": "req_1", **(headers or {})})


class Script:
    """Answers requests in turn: each step is a response or an exception to raise."""

    def __init__(self, *steps: Any) -> None:
        self.steps = list(steps)
        self.requests: List[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        request.read()
        self.requests.append(request)
        step = self.steps.pop(0) if len(self.steps) > 1 else self.steps[0]
        if isinstance(step, Exception):
            raise step
        return step

    @property
    def bodies(self) -> List[Any]:
        return [json.loads(r.content) if r.content else None for r in self.requests]


@pytest.fixture()
def sleeps(monkeypatch: pytest.MonkeyPatch) -> List[float]:
    waited: List[float] = []
    monkeypatch.setattr("postage._sync.client.time.sleep", waited.append)

    async def fake_sleep(seconds: float) -> None:
        waited.append(seconds)

    monkeypatch.setattr("postage._async.client.asyncio.sleep", fake_sleep)
    return waited


def make(script: Callable[[httpx.Request], httpx.Response], **kwargs: Any) -> postage.Postage:
    return postage.Postage(
        api_key="pk_test_key", base_url="https://api.example.test/", http_client=httpx.Client(transport=httpx.MockTransport(script)), **kwargs
    )


def make_async(script: Callable[[httpx.Request], httpx.Response], **kwargs: Any) -> postage.AsyncPostage:
    return postage.AsyncPostage(
        api_key="pk_test_key", base_url="https://api.example.test", http_client=httpx.AsyncClient(transport=httpx.MockTransport(script)), **kwargs
    )


def send(client: postage.Postage, **extra: Any) -> models.SendResponse:
    return client.emails.send(from_email="hello@mail.example.com", to="ann@example.org", subject="Hi", html="<p>Hi</p>", **extra)


# The requests -----------------------------------------------------------------------------


def test_send_posts_the_documented_request_with_the_key_and_an_idempotency_key() -> None:
    script = Script(answer(200, SENT))
    sent = send(make(script), tags={"campaign": "welcome"})
    (request,) = script.requests
    assert request.method == "POST"
    assert str(request.url) == "https://api.example.test/api/send/"
    assert request.headers["x-api-key"] == "pk_test_key"
    assert request.headers["content-type"] == "application/json"
    assert request.headers["user-agent"].startswith(f"postage-python/{postage.__version__} ")
    assert uuid.UUID(request.headers["idempotency-key"]).version == 4
    assert script.bodies[0] == {
        "to": "ann@example.org",
        "from_email": "hello@mail.example.com",
        "subject": "Hi",
        "html": "<p>Hi</p>",
        "tags": {"campaign": "welcome"},
    }
    assert isinstance(sent, models.SendResponse)
    assert (sent.message_id, sent.mode, sent.attachments) == (MESSAGE_ID, "shared", 0)
    assert sent.idempotent_replayed is False
    assert not sent.warnings  # UNSET: the API sent none
    assert isinstance(sent.warnings, models.Unset)


def test_each_send_gets_its_own_idempotency_key_and_a_given_one_goes_in_body_and_header() -> None:
    script = Script(answer(200, SENT))
    client = make(script)
    send(client)
    send(client)
    send(client, idempotency_key="order-42")
    keys = [r.headers["idempotency-key"] for r in script.requests]
    assert keys[0] != keys[1]
    assert keys[2] == "order-42"
    assert script.bodies[2]["idempotency_key"] == "order-42"
    assert "idempotency_key" not in script.bodies[0]


def test_attachments_bytes_are_base64_encoded_and_strings_taken_as_base64() -> None:
    script = Script(answer(200, {**SENT, "attachments": 2}))
    make(script).emails.send(
        from_email="hello@mail.example.com",
        to="ann@example.org",
        message="See attached.",
        attachments=[
            postage.Attachment("hello.txt", b"hello\n", "text/plain"),
            {"filename": "data.csv", "content": base64.b64encode(b"a,b\n").decode()},
        ],
    )
    assert script.bodies[0]["attachments"] == [
        {"filename": "hello.txt", "content": "aGVsbG8K", "content_type": "text/plain"},
        {"filename": "data.csv", "content": "YSxiCg=="},
    ]


def test_scheduled_at_must_be_aware_and_is_sent_as_iso_8601() -> None:
    script = Script(answer(200, {**SENT, "scheduled_at": "2030-01-02T03:04:05.000Z"}))
    client = make(script)
    with pytest.raises(ValueError, match="time zone"):
        send(client, scheduled_at=datetime(2030, 1, 2, 3, 4, 5))
    assert script.requests == []
    sent = send(client, scheduled_at=datetime(2030, 1, 2, 3, 4, 5, tzinfo=timezone.utc))
    assert script.bodies[0]["scheduled_at"] == "2030-01-02T03:04:05+00:00"
    assert sent.scheduled_at == datetime(2030, 1, 2, 3, 4, 5, tzinfo=timezone.utc)


def test_templates_are_sent_by_id_with_their_variables() -> None:
    script = Script(answer(200, SENT))
    make(script).emails.send(from_email="hello@mail.example.com", to="ann@example.org", template="welcome", variables={"name": "Ann", "items": [1, 2]})
    assert script.bodies[0]["template"] == {"id": "welcome", "variables": {"name": "Ann", "items": [1, 2]}}


def test_path_parameters_are_percent_encoded() -> None:
    script = Script(answer(404, {"success": False, "error": "not_found", "detail": "No such entry."}))
    with pytest.raises(postage.NotFoundError):
        make(script).suppressions.get("ann+news@example.org")
    assert script.requests[0].url.raw_path == b"/api/suppressions/ann%2Bnews%40example.org"


def test_engagement_options_go_in_sends_and_batch_items_and_topics_in_suppressions() -> None:
    script = Script(answer(200, SENT))
    client = make(script, max_retries=0)
    options = {"headers": {"In-Reply-To": "<a@example.org>"}, "track_opens": True, "track_clicks": False, "unsubscribe": {"topic": "news"}}
    send(client, **options)
    assert {k: script.bodies[0][k] for k in options} == options
    assert script.requests[0].headers["idempotency-key"]  # the header argument is not the request's headers
    send(client, unsubscribe={})
    assert script.bodies[1]["unsubscribe"] == {} and "track_opens" not in script.bodies[1]
    try:
        client.emails.send_batch([{"from_email": "hello@mail.example.com", "to": "ann@example.org", "message": "Hi", **options}])
    except postage.APIResponseValidationError:
        pass  # the answer is SENT, not a batch's; the request is what is checked
    assert {k: script.bodies[2]["emails"][0][k] for k in options} == options
    with pytest.raises(TypeError):
        send(client, unsubscribe="news")
    for call in (
        lambda: client.suppressions.add("a@example.org", topic="news"),
        lambda: client.suppressions.get("a@example.org", topic="news"),
        lambda: client.suppressions.delete("a@example.org", topic="news"),
        lambda: client.domains.update("d", tracking_subdomain=None),
    ):
        try:
            call()
        except postage.APIResponseValidationError:
            pass
    add, get, delete, update = script.requests[3:]
    assert script.bodies[3] == {"address": "a@example.org", "topic": "news"}
    assert [dict(r.url.params) for r in (get, delete)] == [{"topic": "news"}, {"topic": "news"}]
    assert (update.method, update.url.path, script.bodies[6]) == ("PATCH", "/api/domains/d", {"tracking_subdomain": None})
    with pytest.raises(TypeError):
        client.domains.update("d")


def test_list_emails_sends_only_the_filters_given() -> None:
    script = Script(answer(200, {"emails": [], "next_cursor": None}))
    page = make(script).emails.list(tag="run:abc", limit=5, since=datetime(2030, 1, 1, tzinfo=timezone.utc))
    assert dict(script.requests[0].url.params) == {"tag": "run:abc", "limit": "5", "since": "2030-01-01T00:00:00+00:00"}
    assert page.emails == [] and page.next_cursor is None


def test_batch_items_are_read_as_accepted_refused_or_invalid() -> None:
    script = Script(
        answer(
            200,
            {
                "success": True,
                "data": [
                    {"index": 0, **SENT},
                    {"index": 1, "success": False, "error": "recipient_suppressed", "detail": "Suppressed."},
                    {"index": 2, "success": False, "detail": "Invalid.", "errors": {"to": ["Not an address."]}},
                ],
            },
        )
    )
    email = {"from_email": "hello@mail.example.com", "subject": "Hi", "message": "Hi"}
    batch = make(script).emails.send_batch([{**email, "to": "a@example.org"}, {**email, "to": "b@example.org"}, {**email, "to": "nope"}])
    assert [e["to"] for e in script.bodies[0]["emails"]] == ["a@example.org", "b@example.org", "nope"]
    assert "idempotency-key" in script.requests[0].headers
    accepted, refused, invalid = batch.data
    assert isinstance(accepted, models.BatchItemAccepted) and accepted.message_id == MESSAGE_ID
    assert isinstance(refused, models.BatchItemRefused) and refused.error == "recipient_suppressed"
    assert isinstance(invalid, models.BatchItemInvalid) and invalid.errors["to"] == ["Not an address."]
    assert batch.idempotent_replayed is False


def test_the_key_comes_from_the_environment_or_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("POSTAGE_API_KEY", raising=False)
    with pytest.raises(postage.PostageError, match="API key"):
        postage.Postage()
    monkeypatch.setenv("POSTAGE_API_KEY", "pk_from_env")
    monkeypatch.setenv("POSTAGE_BASE_URL", "https://env.example.test")
    client = postage.Postage()
    assert (client.api_key, client.base_url) == ("pk_from_env", "https://env.example.test")
    client.close()


def test_the_base_url_is_the_hosted_api_unless_the_environment_or_the_caller_says_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("POSTAGE_BASE_URL", raising=False)
    assert postage.Postage("pk_x").base_url == "https://api.postage.dev"
    assert postage.AsyncPostage("pk_x").base_url == "https://api.postage.dev"
    monkeypatch.setenv("POSTAGE_BASE_URL", "https://env.example.test/")
    assert postage.Postage("pk_x").base_url == "https://env.example.test"
    assert postage.Postage("pk_x", base_url="http://127.0.0.1:3000").base_url == "http://127.0.0.1:3000"
    script = Script(answer(200, SENT))
    client = postage.Postage("pk_x", http_client=httpx.Client(transport=httpx.MockTransport(script)))
    send(client)
    assert str(script.requests[0].url) == "https://env.example.test/api/send/"


# Errors -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "status, body, error_class, code",
    [
        (400, {"success": False, "detail": "The request is invalid (to).", "errors": {"to": ["Not an address."]}}, postage.BadRequestError, None),
        (401, {"success": False, "detail": "A valid X-API-Key header is required."}, postage.AuthenticationError, None),
        (403, {"success": False, "error": "domain_not_verified", "detail": "Verify it."}, postage.PermissionDeniedError, "domain_not_verified"),
        (409, {"success": False, "error": "idempotency_key_reused", "detail": "Other body."}, postage.ConflictError, "idempotency_key_reused"),
        (422, {"success": False, "error": "recipient_suppressed", "detail": "Suppressed."}, postage.UnprocessableEntityError, "recipient_suppressed"),
        (429, {"success": False, "error": "usage_limit_exceeded", "detail": "Quota."}, postage.RateLimitError, "usage_limit_exceeded"),
        (503, {"success": False, "error": "byoc_not_configured", "detail": "Role."}, postage.InternalServerError, "byoc_not_configured"),
    ],
)
def test_answers_other_than_2xx_raise_typed_errors(status: int, body: Dict[str, Any], error_class: type, code: Any, sleeps: List[float]) -> None:
    script = Script(answer(status, body))
    with pytest.raises(error_class) as caught:
        send(make(script))
    error = caught.value
    assert isinstance(error, postage.APIError)
    assert (error.status_code, error.code, error.detail, error.request_id) == (status, code, body["detail"], "req_1")
    assert error.errors == body.get("errors", {})
    assert len(script.requests) == 1, "not an answer to retry"
    assert str(status) in str(error)


def test_a_2xx_answer_off_the_schema_is_a_validation_error() -> None:
    script = Script(answer(200, {"success": True}))
    with pytest.raises(postage.APIResponseValidationError):
        send(make(script))


def test_answers_are_read_by_their_types_but_a_new_enumeration_value_still_arrives() -> None:
    script = Script(answer(200, {**SENT, "mode": "some_future_mode"}), answer(200, {**SENT, "attachments": "0"}))
    client = make(script)
    assert send(client).mode == "some_future_mode"
    with pytest.raises(postage.APIResponseValidationError, match="attachments"):
        send(client)
    row = models.EmailSchedule.from_dict({"message_id": MESSAGE_ID, "status": "scheduled", "scheduled_at": "2030-01-02T03:04:05Z"})
    assert row.to_dict() == {"message_id": MESSAGE_ID, "status": "scheduled", "scheduled_at": "2030-01-02T03:04:05+00:00"}
    assert models.SendRequest(to="ann@example.org", from_="hello@mail.example.com", message="Hi").to_dict() == {
        "to": "ann@example.org",
        "from": "hello@mail.example.com",
        "message": "Hi",
    }


# Retries ------------------------------------------------------------------------------------


def test_a_send_whose_answer_was_lost_is_sent_again_with_the_same_key(sleeps: List[float]) -> None:
    script = Script(httpx.RemoteProtocolError("Server disconnected without sending a response."), answer(200, SENT, {"Idempotent-Replayed": "true"}))
    sent = send(make(script))
    assert sent.message_id == MESSAGE_ID
    assert isinstance(sent, models.SendResult) and isinstance(sent, models.SendResponse)
    assert sent.idempotent_replayed is True
    assert "idempotent_replayed" not in sent.to_dict()
    first, second = script.requests
    assert first.headers["idempotency-key"] == second.headers["idempotency-key"]
    assert first.content == second.content
    assert len(sleeps) == 1


def test_a_request_without_a_key_is_not_sent_again_once_it_may_have_arrived(sleeps: List[float]) -> None:
    script = Script(httpx.ReadError("connection reset"), answer(201, {}))
    with pytest.raises(postage.APIConnectionError):
        make(script).domains.create(name="mail.example.com", sending_mode="shared")
    assert len(script.requests) == 1
    # Nor after a 5xx, or when it timed out: a management write (here a DELETE) may have been done.
    for step in (answer(500, {"success": False, "error": "internal_error", "detail": "Oops."}), httpx.ReadTimeout("slow")):
        once = Script(step, answer(200, {"success": True}))
        with pytest.raises((postage.InternalServerError, postage.APITimeoutError)):
            make(once).webhooks.delete("wh_1")
        assert len(once.requests) == 1
    assert sleeps == []


def test_reads_are_tried_again_after_a_dropped_connection_or_a_5xx(sleeps: List[float]) -> None:
    script = Script(
        httpx.RemoteProtocolError("dropped"), answer(503, {"success": False, "error": "service_unavailable", "detail": "Later."}), answer(200, ACCOUNT)
    )
    assert make(script).me.get().email == "ann@example.org"
    assert [r.method for r in script.requests] == ["GET", "GET", "GET"]
    assert len(sleeps) == 2 and all(0 < s <= 8 for s in sleeps)


def test_a_connection_that_was_never_made_is_tried_again_whatever_the_method(sleeps: List[float]) -> None:
    script = Script(httpx.ConnectError("refused"), answer(200, {"success": True, "warnings": []}))
    deleted = make(script).webhooks.delete("wh_1")
    assert deleted.success is True
    assert len(script.requests) == 2


def test_the_rate_limit_is_waited_out_but_the_monthly_quota_is_not(sleeps: List[float]) -> None:
    limited = answer(429, {"success": False, "detail": "Rate limit."}, {"Retry-After": "3"})
    script = Script(limited, answer(200, SENT))
    send(make(script))
    assert sleeps == [3.0]
    assert script.requests[0].headers["idempotency-key"] == script.requests[1].headers["idempotency-key"]
    quota = Script(answer(429, {"success": False, "error": "usage_limit_exceeded", "detail": "Quota."}))
    with pytest.raises(postage.RateLimitError) as caught:
        send(make(quota))
    assert len(quota.requests) == 1
    assert caught.value.is_usage_limit and not caught.value.is_rate_limit and not caught.value.retryable


def test_the_two_429s_are_told_apart_and_carry_the_rate_limit_headers(sleeps: List[float]) -> None:
    headers = {"Retry-After": "42", "X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1900000000"}
    script = Script(answer(429, {"success": False, "detail": "Rate limit of 60 requests per minute exceeded."}, headers))
    with pytest.raises(postage.RateLimitError) as caught:
        send(make(script, max_retries=0))
    error = caught.value
    assert (error.code, error.is_rate_limit, error.is_usage_limit, error.retryable) == (None, True, False, True)
    assert (error.retry_after, error.limit, error.remaining, error.reset) == (42.0, 60, 0, 1900000000)


def test_a_retry_after_longer_than_max_retry_wait_is_raised_at_once(sleeps: List[float]) -> None:
    script = Script(answer(429, {"success": False, "detail": "Rate limit."}, {"Retry-After": "900"}))
    with pytest.raises(postage.RateLimitError) as caught:
        send(make(script))
    assert caught.value.retry_after == 900.0
    assert caught.value.retryable
    assert len(script.requests) == 1 and sleeps == []


def test_in_progress_and_transient_answers_are_retried_up_to_max_retries(sleeps: List[float]) -> None:
    in_progress = answer(409, {"success": False, "error": "idempotency_key_in_progress", "detail": "Wait."}, {"Retry-After": "1"})
    queue = answer(502, {"success": False, "error": "queue_error", "detail": "Queue down."})
    script = Script(in_progress, queue, answer(200, SENT))
    assert send(make(script)).message_id == MESSAGE_ID
    assert len(script.requests) == 3
    always = Script(queue)
    with pytest.raises(postage.InternalServerError) as caught:
        send(make(always, max_retries=1))
    assert caught.value.code == "queue_error" and len(always.requests) == 2
    none = Script(queue)
    with pytest.raises(postage.InternalServerError):
        send(make(none, max_retries=0))
    assert len(none.requests) == 1


def test_connection_errors_are_raised_after_the_retries(sleeps: List[float]) -> None:
    script = Script(httpx.ConnectError("refused"))
    with pytest.raises(postage.APIConnectionError) as caught:
        make(script, max_retries=2).me.get()
    assert not isinstance(caught.value, postage.APITimeoutError)
    assert len(script.requests) == 3
    timeout = Script(httpx.ReadTimeout("slow"))
    with pytest.raises(postage.APITimeoutError):
        make(timeout, max_retries=0).me.get()


# The asynchronous client ------------------------------------------------------------------


def test_the_async_client_has_the_same_methods_and_retries(sleeps: List[float]) -> None:
    script = Script(httpx.RemoteProtocolError("dropped"), answer(200, SENT))

    async def main() -> models.SendResponse:
        async with make_async(script) as client:
            return await client.emails.send(from_email="hello@mail.example.com", to="ann@example.org", subject="Hi", html="<p>Hi</p>")

    sent = asyncio.run(main())
    assert sent.message_id == MESSAGE_ID
    assert script.requests[0].headers["idempotency-key"] == script.requests[1].headers["idempotency-key"]

    def public(cls: type) -> set:
        return {name for name in dir(cls) if not name.startswith("_")}

    for sync_cls, async_cls in [
        (postage.Postage, postage.AsyncPostage),
        (type(postage.Postage("k").emails), type(postage.AsyncPostage("k").emails)),
        (type(postage.Postage("k").webhooks), type(postage.AsyncPostage("k").webhooks)),
        (type(postage.Postage("k").templates), type(postage.AsyncPostage("k").templates)),
    ]:
        assert public(sync_cls) == public(async_cls)


def test_async_errors_are_the_same_errors(sleeps: List[float]) -> None:
    script = Script(answer(403, {"success": False, "error": "insufficient_permission", "detail": "Full access needed."}))

    async def main() -> None:
        client = make_async(script)
        try:
            await client.domains.list()
        finally:
            await client.close()

    with pytest.raises(postage.PermissionDeniedError) as caught:
        asyncio.run(main())
    assert caught.value.code == "insufficient_permission"


def test_reschedule_and_cancel(sleeps: List[float]) -> None:
    later = datetime.now(timezone.utc) + timedelta(days=1)
    script = Script(answer(200, {"message_id": MESSAGE_ID, "status": "scheduled", "scheduled_at": later.isoformat()}))
    moved = make(script).emails.reschedule(MESSAGE_ID, scheduled_at=later)
    assert script.requests[0].method == "PATCH"
    assert script.bodies[0] == {"scheduled_at": later.isoformat()}
    assert moved.status == "scheduled" and moved.scheduled_at == later


def test_optional_fields_left_out_are_not_sent() -> None:
    script = Script(answer(200, {"id": "wh_1", "url": "https://x.example/h", "events": ["email.sent"], "active": False, "created_at": "2030-01-01T00:00:00Z"}))
    hook = make(script).webhooks.update("wh_1", active=False)
    assert script.bodies[0] == {"active": False}
    assert hook.active is False and hook.events == ["email.sent"]


def test_error_codes_are_the_documents_and_unknown_ones_still_arrive() -> None:
    assert {c.value for c in postage.ErrorCode} == set(typing.get_args(typing.get_type_hints(models.Error)["error"]))
    assert postage.ErrorCode.DOMAIN_NOT_VERIFIED == "domain_not_verified"
    script = Script(answer(403, {"success": False, "error": "some_future_code", "detail": "New."}))
    with pytest.raises(postage.PermissionDeniedError) as caught:
        send(make(script))
    assert caught.value.code == "some_future_code"
    known = Script(answer(403, {"success": False, "error": "domain_not_allowed", "detail": "Scope."}))
    with pytest.raises(postage.PermissionDeniedError) as caught:
        send(make(known))
    assert caught.value.code == postage.ErrorCode.DOMAIN_NOT_ALLOWED


def test_the_timeout_aborts_a_request_the_server_never_answers() -> None:
    import socket
    import threading
    import time

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    accepted: List[socket.socket] = []

    def hold() -> None:
        try:
            while True:
                conn, _ = server.accept()
                accepted.append(conn)  # read nothing, answer nothing
        except OSError:
            pass

    threading.Thread(target=hold, daemon=True).start()
    try:
        with postage.Postage("pk_x", base_url=f"http://127.0.0.1:{server.getsockname()[1]}", timeout=0.5, max_retries=0) as client:
            started = time.monotonic()
            with pytest.raises(postage.APITimeoutError):
                client.me.get()
            assert time.monotonic() - started < 5
    finally:
        server.close()
        for conn in accepted:
            conn.close()


def test_lists_are_iterated_page_after_page(sleeps: List[float]) -> None:
    def row(i: int) -> Dict[str, Any]:
        never = dict.fromkeys(
            ["bounce_type", "bounce_subtype", "sent_at", "delivered_at", "bounced_at", "complained_at", "failed_at", "scheduled_at", "template"]
        )
        return {
            "message_id": f"00000000-0000-4000-8000-00000000000{i}",
            "recipient": "ann@example.org",
            "from_email": "hello@mail.example.com",
            "subject": "Hi",
            "status": "delivered",
            "kind": "test",
            "test": False,
            "created_at": "2030-01-01T00:00:00Z",
            "tags": {},
            **never,
        }

    def pages() -> List[httpx.Response]:
        return [answer(200, {"emails": [row(1), row(2)], "next_cursor": "c2"}), answer(200, {"emails": [row(3)], "next_cursor": None})]

    script = Script(*pages())
    ids = [e.message_id[-1] for e in make(script).emails.iterate(status="delivered", page_size=2)]
    assert ids == ["1", "2", "3"]
    assert [dict(r.url.params) for r in script.requests] == [{"status": "delivered", "limit": "2"}, {"status": "delivered", "limit": "2", "cursor": "c2"}]

    async def collect() -> List[str]:
        async with make_async(Script(*pages())) as client:
            return [e.message_id[-1] async for e in client.emails.iterate()]

    assert asyncio.run(collect()) == ["1", "2", "3"]


def test_since_and_until_take_dates_datetimes_and_iso_strings() -> None:
    script = Script(answer(200, {"emails": [], "next_cursor": None}))
    client = make(script)
    client.emails.list(since=date(2030, 1, 31), until="2030-02-01T12:00:00Z")
    client.emails.list(since="2030-01-31")
    assert dict(script.requests[0].url.params) == {"since": "2030-01-31", "until": "2030-02-01T12:00:00+00:00"}
    assert dict(script.requests[1].url.params) == {"since": "2030-01-31"}
    with pytest.raises(ValueError, match="time zone"):
        client.emails.list(since=datetime(2030, 1, 1))


def test_every_model_reads_on_this_python_with_the_fields_of_its_schema() -> None:
    # The type hints of every generated dataclass resolve here (Python 3.9 included: no `X | Y`),
    # and the JSON name the models read and write for each field is a property of the schema.
    from postage._model import json_name

    schemas = _document()["components"]["schemas"] if os.environ.get("POSTAGE_OPENAPI_DOCUMENT") else {}
    names = [name for name in models.__all__ if isinstance(getattr(models, name), type) and issubclass(getattr(models, name), models.Model)]
    assert len(names) > 100
    for name in names:
        model = getattr(models, name)
        if model is models.Model:
            continue
        typing.get_type_hints(model)
        if name in schemas and model.__name__ == name:
            fields = {json_name(f.name) for f in dataclasses.fields(model) if f.metadata.get("json", True)}
            assert fields == set(schemas[name].get("properties", {})), name
    # SecondFactorRequest (a code or a recovery code) is a sign-in body: the SDK signs in with keys.
    assert set(schemas) - {"SecondFactorRequest"} <= set(names), "a component schema without its model"


AUDIT_ENTRY = {
    "id": "2",
    "actor": {"type": "key", "id": "k-1", "name": "ops (pk_1)", "email": None},
    "action": "api_key.revoke",
    "details": {"key": "pk_2"},
    "created_at": "2030-01-02T00:00:00Z",
}


def test_the_audit_log_takes_its_filters_and_is_iterated_page_after_page() -> None:
    older = {**AUDIT_ENTRY, "id": "1", "action": "api_key.create", "actor": {"type": "user", "id": "u-1", "name": "Ann", "email": "ann@example.org"}}

    def pages() -> List[httpx.Response]:
        return [answer(200, {"entries": [AUDIT_ENTRY], "next_cursor": "c2"}), answer(200, {"entries": [older], "next_cursor": None})]

    script = Script(*pages())
    entries = list(make(script).audit.iterate(actor="user:u-1", action="api_key", since=date(2030, 1, 1), page_size=1))
    assert [(e.id, e.actor.type_, e.action, e.details["key"]) for e in entries] == [
        ("2", "key", "api_key.revoke", "pk_2"),
        ("1", "user", "api_key.create", "pk_2"),
    ]
    assert entries[1].actor.email == "ann@example.org"
    first = {"actor": "user:u-1", "action": "api_key", "since": "2030-01-01", "limit": "1"}
    assert [dict(r.url.params) for r in script.requests] == [first, {**first, "cursor": "c2"}]
    assert {r.url.path for r in script.requests} == {"/api/audit"}

    async def collect() -> List[str]:
        async with make_async(Script(*pages())) as client:
            return [e.id async for e in client.audit.iterate()]

    assert asyncio.run(collect()) == ["2", "1"]


def test_members_and_invitations_are_read() -> None:
    member = {
        "user_id": "u-1",
        "email": "ann@example.org",
        "name": "Ann",
        "role": "owner",
        "joined_at": "2030-01-01T00:00:00Z",
        "two_factor_enabled": True,
    }
    invitation = {
        "id": "i-1",
        "email": "bob@example.org",
        "role": "developer",
        "invited_by": {"type": "user", "id": "u-1", "name": "Ann", "email": "ann@example.org"},
        "created_at": "2030-01-01T00:00:00Z",
        "expires_at": "2030-01-04T00:00:00Z",
    }
    script = Script(answer(200, {"members": [member]}), answer(200, {"invitations": [invitation]}))
    client = make(script)
    assert [(m.email, m.role) for m in client.members.list().members] == [("ann@example.org", "owner")]
    assert [(i.email, i.role, i.invited_by.name) for i in client.invitations.list().invitations] == [("bob@example.org", "developer", "Ann")]
    assert [(r.method, r.url.path) for r in script.requests] == [("GET", "/api/members"), ("GET", "/api/invitations")]


def test_a_raw_message_is_its_bytes_a_deletion_nothing_and_an_attachment_comes_from_its_link(sleeps: List[float]) -> None:
    data = b"From: \xe9\xff\x00\r\n"  # not UTF-8

    def script(request: httpx.Request) -> httpx.Response:
        request.read()
        seen.append(request)
        if request.method == "DELETE":
            return httpx.Response(204)
        if "missing" in request.url.path:
            return answer(404, {"success": False, "error": "not_found", "detail": "No."})
        return httpx.Response(200, content=data, headers={"Content-Type": "message/rfc822"})

    seen: List[httpx.Request] = []
    client = make(script)
    assert client.inbound.raw("m-1") == data
    assert client.inbound.delete("m-1") is None
    attachment = models.InboundAttachment.from_dict(
        {
            "id": "a",
            "filename": "a.pdf",
            "content_type": "application/pdf",
            "declared_content_type": "application/pdf",
            "size": 1,
            "sha256": "00",
            "content_id": None,
            "download_url": "http://127.0.0.1:3000/inbound/attachments/djF8YQ",
            "expires_at": "2030-01-01T00:00:00Z",
        }
    )
    for link in ("https://api.postage.dev/inbound/attachments/djF8YQ?x=1", attachment, "djF8YQ"):
        assert client.inbound.download_attachment(link) == data
    with pytest.raises(postage.NotFoundError):
        client.inbound.raw("missing")
    for bad in ("https://api.postage.dev/inbound/attachments/", "a/b"):
        with pytest.raises(ValueError):
            client.inbound.download_attachment(bad)
    assert [(r.method, r.url.path, r.headers["accept"].split(",")[0]) for r in seen] == [
        ("GET", "/api/inbound/m-1/raw", "message/rfc822"),
        ("DELETE", "/api/inbound/m-1", "application/json"),
        ("GET", "/inbound/attachments/djF8YQ", "application/octet-stream"),
        ("GET", "/inbound/attachments/djF8YQ", "application/octet-stream"),
        ("GET", "/inbound/attachments/djF8YQ", "application/octet-stream"),
        ("GET", "/api/inbound/missing/raw", "message/rfc822"),
    ]
    # The async client reads the same.
    async_client = make_async(script)
    assert asyncio.run(async_client.inbound.raw("m-1")) == data
    assert asyncio.run(async_client.inbound.download_attachment(attachment)) == data


def _document() -> Dict[str, Any]:
    path = os.environ.get("POSTAGE_OPENAPI_DOCUMENT")  # test.sh gives sdks/openapi.json
    if not path:
        pytest.skip("POSTAGE_OPENAPI_DOCUMENT is not set (test.sh sets it)")
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def _template_of(paths: Dict[str, Any], request: httpx.Request) -> Optional[str]:
    """The document's path template that a request calls with its method, or None."""
    for template, item in paths.items():
        pattern = "^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$"
        if re.match(pattern, request.url.raw_path.decode().split("?")[0]) and request.method.lower() in item:
            return template
    return None


def _key_operations(paths: Dict[str, Any]) -> List[Tuple[str, str]]:
    """(method, template) of every operation the client offers.

    Every operation of the document but the sign-in ones, SES's notifications, the tracking and
    unsubscribe pages recipients' mail clients open (``/t/...``, ``/u/...``), and those no API
    key can ever call: the document marks them `x-postage-api-key: false` (team changes need an
    admin or owner person, and a full_access key acts as a developer; leaving an account needs a
    signed-in person). The client holds an API key, so it offers exactly the others."""
    return [
        (method, template)
        for template, item in paths.items()
        if not template.startswith(("/api/auth/", "/t/", "/u/")) and template != "/provider/ses-events"
        for method, operation in item.items()
        if method in ("get", "put", "post", "patch", "delete") and operation.get("x-postage-api-key") is not False
    ]


def test_every_method_calls_a_documented_operation_and_every_operation_a_key_may_call_has_one() -> None:
    paths: Dict[str, Any] = _document()["paths"]
    script = Script(answer(200, {}))
    client = make(script, max_retries=0)
    calls: List[Callable[[], Any]] = [
        lambda: send(client),
        lambda: client.emails.send_batch([{"from_email": "hello@mail.example.com", "to": "ann@example.org", "message": "Hi"}]),
        lambda: client.emails.list(),
        lambda: client.emails.get("m"),
        lambda: client.emails.reschedule("m", scheduled_at="2030-01-01T00:00:00Z"),
        lambda: client.emails.cancel("m"),
        lambda: client.me.get(),
        lambda: client.me.key(),
        lambda: client.usage.get(),
        lambda: client.sending_queue.get(),
        lambda: client.stats.daily(days=7),
        lambda: client.reputation.get(),
        lambda: client.domains.list(),
        lambda: client.domains.create(name="mail.example.com", sending_mode="shared"),
        lambda: client.domains.get("d"),
        lambda: client.domains.verify("d"),
        lambda: client.domains.update("d", track_opens=True),
        lambda: client.domains.delete("d"),
        lambda: client.api_keys.list(),
        lambda: client.api_keys.create(name="k"),
        lambda: client.api_keys.revoke("k"),
        lambda: client.webhooks.list(),
        lambda: client.webhooks.create(url="https://example.org/hook", events=["email.delivered"]),
        lambda: client.webhooks.update("w", active=False),
        lambda: client.webhooks.delete("w"),
        lambda: client.webhooks.deliveries("w"),
        lambda: client.webhooks.test("w"),
        lambda: client.webhooks.replay("w", "d"),
        lambda: client.webhooks.rotate_secret("w"),
        lambda: client.events.stream().close(),
        lambda: client.suppressions.list(),
        lambda: client.suppressions.add("a@example.org"),
        lambda: client.suppressions.get("a@example.org"),
        lambda: client.suppressions.delete("a@example.org"),
        lambda: client.templates.list(),
        lambda: client.templates.create(name="t", subject="s", html="<p>h</p>"),
        lambda: client.templates.get("t"),
        lambda: client.templates.update("t", name="u"),
        lambda: client.templates.delete("t"),
        lambda: client.templates.publish("t"),
        lambda: client.templates.versions("t"),
        lambda: client.templates.preview("t"),
        lambda: client.templates.test_send("t", from_email="hello@mail.example.com", recipient="delivered"),
        lambda: client.byoc.get(),
        lambda: client.byoc.save(role_arn="arn:aws:iam::123456789012:role/postage", region="eu-west-1"),
        lambda: client.byoc.validate(),
        lambda: client.byoc.policy(),
        lambda: client.byoc.cloudformation(),
        lambda: client.members.list(),
        lambda: client.invitations.list(),
        lambda: client.audit.list(),
        lambda: client.inbound.domains.list(),
        lambda: client.inbound.domains.create(name="reply.example.com"),
        lambda: client.inbound.domains.get("reply.example.com"),
        lambda: client.inbound.domains.verify("reply.example.com"),
        lambda: client.inbound.domains.delete("reply.example.com"),
        lambda: client.inbound.rules.list("reply.example.com"),
        lambda: client.inbound.rules.create("reply.example.com", match="reply+*"),
        lambda: client.inbound.rules.delete("reply.example.com", "r"),
        lambda: client.inbound.list(domain="reply.example.com"),
        lambda: client.inbound.get("i"),
        lambda: client.inbound.raw("i"),
        lambda: client.inbound.delete("i"),
        lambda: client.inbound.download_attachment("https://api.postage.dev/inbound/attachments/djF8dG9rZW4"),
    ]
    for call in calls:
        try:
            call()
        except postage.APIResponseValidationError:
            pass  # {} is not the operation's answer; the request is what is checked
    assert len(script.requests) == len(calls)

    covered = set()
    for request in script.requests:
        template = _template_of(paths, request)
        assert template is not None, f"{request.method} {request.url.path} is not an operation of the document"
        assert paths[template][request.method.lower()].get("x-postage-api-key") is not False, f"{request.method} {template}: no API key may call it"
        covered.add((request.method.lower(), template))

    missing = [f"{method.upper()} {template}" for method, template in _key_operations(paths) if (method, template) not in covered]
    assert missing == []


# The live events stream -------------------------------------------------------------------


def _live(n: int, kind: str = "email.delivered") -> Dict[str, str]:
    body = {"event_type": kind, "payload": {"message_id": f"m-{n}", "recipient": "a@example.org"}}
    return {"id": f"msg_{n}", "type": kind, "timestamp": "2026-11-29T22:02:40.123Z", "body": json.dumps(body)}


def _streaming(*chunks: str, asynchronous: bool = False) -> httpx.Response:
    """A 200 server-sent events answer whose body comes in these chunks (for the async client, an async body)."""

    async def body() -> typing.AsyncIterator[bytes]:
        for chunk in chunks:
            yield chunk.encode()

    content = body() if asynchronous else iter([c.encode() for c in chunks])
    return httpx.Response(200, headers={"Content-Type": "text/event-stream", "X-Request-Id": "req_1"}, content=content)


def test_the_stream_asks_for_the_types_and_the_cursor_and_gives_each_event_with_its_cursor() -> None:
    script = Script(_streaming(f": keep-alive\n\nid: 7-0\nevent: email.delivered\ndata: {json.dumps(_live(1))}\n\n"))
    with make(script).events.stream(events=["email.delivered", "email.bounced"], last_event_id="6-0") as stream:
        event = next(stream)
        assert stream.last_event_id == "7-0" and stream.request_id == "req_1"
    (request,) = script.requests
    assert request.url.path == "/api/events/stream"
    assert request.url.params["events"] == "email.delivered,email.bounced"
    assert request.headers["last-event-id"] == "6-0"
    assert request.headers["accept"] == "text/event-stream"
    assert event == postage.LiveEvent(cursor="7-0", **_live(1))
    parsed = event.parse()
    assert (parsed.type, parsed.message_id, parsed.id) == ("email.delivered", "m-1", "msg_1")


def test_the_stream_reads_data_over_lines_crlf_and_cr_comments_and_events_split_across_chunks() -> None:
    second = "\r".join(f"data: {line}" for line in json.dumps(_live(2, "email.bounced"), indent=2).split("\n"))
    third = json.dumps(_live(3))
    script = Script(
        _streaming(
            f"\ufeff: hello\r\nid: 1-0\r\nevent: email.delivered\r\ndata: {json.dumps(_live(1))}\r\n\r\n",
            f"id: 2-0\revent: email.bounced\r{second}\r\r",
            ": keep-alive\n\n",
            f"id: 3-0\nevent: email.delivered\ndata: {third[:10]}",
            f"{third[10:]}\r",
            "\n\r\n",
        )
    )
    with make(script).events.stream() as stream:
        events = list(stream)  # the stand-in's body ends after the third event: so does the loop
    assert [(e.cursor, e.id, e.type) for e in events] == [("1-0", "msg_1", "email.delivered"), ("2-0", "msg_2", "email.bounced"), ("3-0", "msg_3", "email.delivered")]
    assert events[1].body == _live(2, "email.bounced")["body"]


def test_a_refusal_before_the_stream_raises_its_api_error() -> None:
    refused = answer(429, {"success": False, "error": "too_many_requests", "detail": "Three open."}, {"Retry-After": "5"})
    with pytest.raises(postage.RateLimitError) as caught:
        make(Script(refused), max_retries=0).events.stream()
    assert (caught.value.status_code, caught.value.code, caught.value.retry_after) == (429, "too_many_requests", 5)
    with pytest.raises(postage.BadRequestError):
        make(Script(answer(400, {"success": False, "error": "validation_error", "detail": "x", "errors": {"events": ["unknown"]}}))).events.stream(events=["email.nope"])


def test_the_connect_has_the_clients_timeout_and_the_open_stream_none() -> None:
    seen: List[Dict[str, Any]] = []

    def script(request: httpx.Request) -> httpx.Response:
        seen.append(dict(request.extensions["timeout"]))
        return _streaming(": keep-alive\n\n")

    with make(script, timeout=httpx.Timeout(3.0, connect=1.0)).events.stream() as stream:
        assert seen[0]["read"] == 3.0 and seen[0]["connect"] == 1.0
        assert stream._response.request.extensions["timeout"]["read"] is None


def test_data_that_is_not_a_live_event_raises_rather_than_being_skipped() -> None:
    with make(Script(_streaming("event: email.delivered\ndata: <html>proxy</html>\n\n"))).events.stream() as stream:
        with pytest.raises(postage.PostageError, match="not {id, type, timestamp, body}"):
            next(stream)


def test_the_async_client_streams_too() -> None:
    async def main() -> List[str]:
        script = Script(_streaming(f"id: 1-0\ndata: {json.dumps(_live(1))}\n\nid: 2-0\ndata: {json.dumps(_live(2))}\n\n", asynchronous=True))
        async with make_async(script) as client:
            async with await client.events.stream(events=["email.delivered"]) as stream:
                return [event.cursor async for event in stream]

    assert asyncio.run(main()) == ["1-0", "2-0"]


# The code samples of the API reference ----------------------------------------------------

SAMPLES = os.path.join(os.path.dirname(__file__), "samples.py")


def _sample_regions() -> List[Tuple[str, int, str]]:
    """(label, line of its marker, code) of each region of samples.py, extracted as the tool that
    publishes them does: the lines between `# sample: <label>` and `# end sample`, their common
    indentation removed."""
    regions: List[Tuple[str, int, str]] = []
    start: Optional[Tuple[str, int]] = None
    body: List[str] = []
    with open(SAMPLES, encoding="utf-8") as f:
        lines = f.read().splitlines(keepends=True)
    for number, line in enumerate(lines, 1):
        opening = re.fullmatch(r"\s*# sample: (\S.*?)\s*", line)
        closing = re.fullmatch(r"\s*# end sample\s*", line)
        # A misspelt marker would leave its sample out of the docs without a word.
        assert opening or closing or not re.match(r"\s*#\s*(end\s*)?sample\b", line, re.IGNORECASE), f"samples.py:{number}: not a marker: {line!r}"
        if opening:
            assert start is None, f"samples.py:{number}: a region opens inside {start}"
            start, body = (opening.group(1), number), []
        elif closing:
            assert start is not None, f"samples.py:{number}: `# end sample` without a region"
            regions.append((start[0], start[1], textwrap.dedent("".join(body))))
            start = None
        elif start is not None:
            body.append(line)
    assert start is None, f"samples.py: the region {start} never ends"
    return regions


def _run_sample(line: int, code: str, namespace: Dict[str, Any]) -> None:
    # Compiled at its lines in samples.py, so that a traceback points there.
    exec(compile("\n" * line + code, SAMPLES, "exec"), namespace)


def _minimal_answer(document: Dict[str, Any], schema: Dict[str, Any]) -> Any:
    """The least answer a schema of the document allows: the required properties only, null
    wherever null is allowed, else the first alternative; but one item in each list, so that the
    samples' loops run."""
    if "$ref" in schema:
        return _minimal_answer(document, document["components"]["schemas"][schema["$ref"].split("/")[-1]])
    alternatives = schema.get("oneOf") or schema.get("anyOf")
    if alternatives:
        if any(a.get("type") == "null" for a in alternatives):
            return None
        return _minimal_answer(document, alternatives[0])
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type", "object")
    if kind == "object":
        required = schema.get("required", [])
        return {name: _minimal_answer(document, prop) for name, prop in schema.get("properties", {}).items() if name in required}
    if kind == "array":
        return [_minimal_answer(document, schema.get("items", {}))]
    if kind in ("integer", "number"):
        return schema.get("minimum", 0)
    if kind == "boolean":
        return False
    if kind == "null":
        return None
    return {"date-time": "2030-01-01T00:00:00Z", "date": "2030-01-01"}.get(schema.get("format", ""), "x")


def test_the_samples_are_one_for_each_operation_a_key_may_call() -> None:
    compile(open(SAMPLES, encoding="utf-8").read(), SAMPLES, "exec")  # the code around the regions too
    labels = [label for label, _, _ in _sample_regions()]
    assert labels.count("setup") == 1
    operations = [label for label in labels if label != "setup"]
    assert sorted({label for label in operations if operations.count(label) > 1}) == [], "duplicates"
    expected = {f"{method.upper()} {template}" for method, template in _key_operations(_document()["paths"])}
    assert sorted(expected - set(operations)) == [], "operations without a sample"
    assert sorted(set(operations) - expected) == [], "samples of no operation a key may call"


def test_the_setup_sample_makes_the_client_the_samples_use(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTAGE_API_KEY", "pk_from_env")
    ((_, line, code),) = [region for region in _sample_regions() if region[0] == "setup"]
    namespace: Dict[str, Any] = {}
    _run_sample(line, code, namespace)
    client = namespace["postage"]
    assert isinstance(client, postage.Postage) and client.api_key == "pk_from_env"
    client.close()


@pytest.mark.parametrize("label, line, code", [pytest.param(*region, id=region[0]) for region in _sample_regions() if region[0] != "setup"])
def test_each_sample_calls_the_operation_of_its_label(label: str, line: int, code: str) -> None:
    document = _document()
    paths: Dict[str, Any] = document["paths"]
    requests: List[httpx.Request] = []

    # The stand-in of the coverage test, answering each operation with the least answer its
    # document schema allows rather than {}: the client refuses {} as an answer, so nothing of
    # a sample after its call (the field it prints, the loop over a list) would run.
    def stand_in(request: httpx.Request) -> httpx.Response:
        request.read()
        requests.append(request)
        template = _template_of(paths, request)
        if template is None:
            return answer(404, {"success": False, "error": "not_found", "detail": "Not an operation of the document."})
        responses = paths[template][request.method.lower()]["responses"]
        status = min(status for status in responses if status.startswith("2"))
        content = responses[status].get("content", {})
        if "application/json" in content:
            return answer(int(status), _minimal_answer(document, content["application/json"]["schema"]))
        # Bytes (a received message's raw form, an attachment) in the media type the operation
        # names; nothing for a 204.
        media = next(iter(content), None)
        return httpx.Response(int(status), content=b"bytes" if media else b"", headers={"Content-Type": media} if media else {})

    with make(stand_in, max_retries=0) as client:
        _run_sample(line, code, {"postage": client})
    assert requests, f"{label}: the sample made no request"
    method, template = label.split(" ", 1)
    for request in requests:
        assert (request.method, _template_of(paths, request)) == (method, template), f"{label}: {request.method} {request.url.path}"

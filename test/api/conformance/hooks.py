# Schemathesis hooks of the conformance run (test/api/conformance.test.ts). Each one applies a rule
# that /openapi.json states in words on its operation because a JSON Schema cannot: the values
# depend on the account or on the server's state, not on the request's shape. Nothing else about
# a generated request is changed, so every other refusal still fails positive_data_acceptance.
import os
import re
from datetime import datetime, timedelta, timezone

import schemathesis

# The run's account: one verified shared domain (POSTAGE_CONFORMANCE_DOMAIN).
DOMAIN = os.environ["POSTAGE_CONFORMANCE_DOMAIN"]
# What the run is made with: its key (id and prefix) and its domain. Schemathesis reuses ids and
# names from earlier answers; revoking the run's key or deleting its domain is a valid request,
# but every later answer would then be a 401 or a 403.
# A published template of the account without variables (an unknown template is a 400 on template.id).
TEMPLATE = os.environ["POSTAGE_CONFORMANCE_TEMPLATE"]
PROTECTED = set(filter(None, os.environ.get("POSTAGE_CONFORMANCE_PROTECTED", "").split(",")))

ADDRESS_DOMAIN = re.compile(r"@[^@<>]*(>?)$")
URL_HOST = re.compile(r"^(https?://)(\[[^\]]*\]|[^/:?#]*)", re.IGNORECASE)


def _yours(mailbox):
    """The sender must be on a verified domain of the account (403 otherwise)."""
    return ADDRESS_DOMAIN.sub(lambda m: f"@{DOMAIN}{m.group(1)}", mailbox)


def _future(value):
    """An API key's expiry must be in the future (400 on expires_at otherwise)."""
    try:
        when = datetime.fromisoformat(value.upper().replace("Z", "+00:00"))
    except ValueError:
        return value
    if when.tzinfo is None or when > datetime.now(timezone.utc) + timedelta(minutes=5):
        return value
    return (datetime.now(timezone.utc) + timedelta(days=1)).isoformat()


def _schedulable(value):
    """A send is scheduled at most 30 days ahead and less than 10 minutes past (400 on scheduled_at otherwise)."""
    try:
        when = datetime.fromisoformat(value.upper().replace("Z", "+00:00"))
    except ValueError:
        return value
    now = datetime.now(timezone.utc)
    if when.tzinfo is None or now + timedelta(minutes=5) < when < now + timedelta(days=29):
        return value
    return (now + timedelta(days=1)).isoformat()


def _distinct_headers(headers):
    """Custom header names are case-insensitive, and all together at most 8192 bytes (400 on headers otherwise)."""
    kept, seen, size = {}, set(), 0
    for name, value in headers.items():
        length = len(f"{name}: {value}".encode("utf-8", "surrogatepass"))
        if name.lower() in seen or size + length > 8192:
            continue
        seen.add(name.lower())
        size += length
        kept[name] = value
    return kept


def _parses(source):
    """A template field must parse as Liquid (400 on the field otherwise): no tag or output delimiters."""
    return source.replace("{", "(") if isinstance(source, str) else source


def _registrable(name):
    """A BYOC domain is a registrable domain, not a subdomain (the public suffix list decides)."""
    return ".".join(name.rstrip(".").split(".")[-2:])


@schemathesis.hook
def before_call(ctx, case, kwargs):
    operation = f"{case.method.upper()} {case.path}"
    body = case.body if isinstance(case.body, dict) else {}
    if operation == "POST /api/send/":
        for field in ("from_email", "from"):
            if isinstance(body.get(field), str):
                body[field] = _yours(body[field])
        if isinstance(body.get("scheduled_at"), str):
            body["scheduled_at"] = _schedulable(body["scheduled_at"])
        if isinstance(body.get("template"), dict):
            body["template"]["id"] = TEMPLATE
        if isinstance(body.get("headers"), dict):
            body["headers"] = _distinct_headers(body["headers"])
        # The Idempotency-Key header and the idempotency_key field must agree when both are sent.
        if isinstance(body.get("idempotency_key"), str) and case.headers and "Idempotency-Key" in case.headers:
            case.headers["Idempotency-Key"] = body["idempotency_key"]
    elif operation in ("POST /api/templates", "PATCH /api/templates/{id}"):
        for field in ("subject", "html", "text"):
            if field in body:
                body[field] = _parses(body[field])
    elif operation == "POST /api/templates/{id}/preview":
        # Only a version that was published can be previewed (a 404 otherwise, which would hide the rest).
        body.pop("version", None)
    elif operation == "POST /api/templates/{id}/test-send":
        if isinstance(body.get("from_email"), str):
            body["from_email"] = _yours(body["from_email"])
    elif operation == "POST /api/api-keys":
        if isinstance(body.get("expires_at"), str):
            body["expires_at"] = _future(body["expires_at"])
        # A key's domains are domains of this account.
        if isinstance(body.get("domains"), list):
            body["domains"] = [DOMAIN if isinstance(d, str) else d for d in body["domains"]]
    elif operation in ("POST /api/webhooks", "PATCH /api/webhooks/{id}"):
        # The endpoint's host must resolve to public addresses; the test stack allows loopback
        # (WEBHOOK_ALLOWED_PRIVATE_ADDRESSES) in their place.
        if isinstance(body.get("url"), str):
            body["url"] = URL_HOST.sub(lambda m: f"{m.group(1)}127.0.0.1", body["url"])
    elif operation == "PATCH /api/emails/{message_id}":
        if isinstance(body.get("scheduled_at"), str):
            body["scheduled_at"] = _schedulable(body["scheduled_at"])
    elif operation == "POST /api/domains":
        if body.get("sending_mode") == "byoc" and isinstance(body.get("name"), str):
            body["name"] = _registrable(body["name"])
    if case.method.upper() == "DELETE" and case.path_parameters:
        for name, value in case.path_parameters.items():
            if str(value).strip().lower() in PROTECTED:
                case.path_parameters[name] = "0-not-the-run-s-own"
    # A cursor is only ever one a previous page returned (opaque: 400 on cursor otherwise).
    if case.query and "cursor" in case.query:
        del case.query["cursor"]

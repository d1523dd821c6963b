"""The code samples of the API reference (/docs): one region per operation an API key may call,
each between a `sample: <METHOD> <path>` comment line and an `end sample` one, which a tool
extracts (the lines between the two, their common indentation removed). In each region the
client is `postage`, made as the `setup` region shows.

Not collected by pytest itself: test_client.py runs every region, as extracted, against the
offline stand-in and checks that it calls exactly the operation of its label, so a sample breaks
the test run when a method, a keyword argument or a field of an answer it uses is renamed or
removed. The functions are there so that the regions are ordinary, annotated code to read and
check (`postage: Postage`); test.sh runs no type checker.
"""

from __future__ import annotations

from postage import Postage


def setup() -> Postage:
    # sample: setup
    import os

    from postage import Postage

    postage = Postage(api_key=os.environ["POSTAGE_API_KEY"])
    # end sample
    return postage


# Sending ------------------------------------------------------------------------------------


def sample_emails_send(postage: Postage) -> None:
    # sample: POST /api/send/
    sent = postage.emails.send(
        from_email="hello@mail.example.com",
        to="ann@example.org",
        subject="Welcome",
        html="<p>Welcome aboard.</p>",
    )
    print(sent.message_id)
    # end sample


def sample_emails_send_batch(postage: Postage) -> None:
    # sample: POST /api/send/batch
    emails = [
        {"from_email": "hello@mail.example.com", "to": "ann@example.org", "subject": "Hi Ann", "message": "Welcome aboard."},
        {"from_email": "hello@mail.example.com", "to": "bob@example.org", "subject": "Hi Bob", "message": "Welcome aboard."},
    ]
    batch = postage.emails.send_batch(emails)
    for item in batch.data:  # in request order, each accepted or refused on its own
        print(item.index, item.success)
    # end sample


# The email log ------------------------------------------------------------------------------


def sample_emails_list(postage: Postage) -> None:
    # sample: GET /api/emails
    for email in postage.emails.iterate(tag="kind:invoice", status="bounced"):
        print(email.message_id, email.recipient, email.bounce_type)
    # end sample


def sample_emails_get(postage: Postage) -> None:
    # sample: GET /api/emails/{message_id}
    detail = postage.emails.get("0b6f3c1e-8a8d-4b7f-9c3e-2f1a6d5e4c3b")
    print(detail.email.status)
    # end sample


def sample_emails_reschedule(postage: Postage) -> None:
    # sample: PATCH /api/emails/{message_id}
    from datetime import datetime, timedelta, timezone

    when = datetime.now(timezone.utc) + timedelta(hours=2)
    schedule = postage.emails.reschedule("0b6f3c1e-8a8d-4b7f-9c3e-2f1a6d5e4c3b", scheduled_at=when)
    print(schedule.status, schedule.scheduled_at)
    # end sample


def sample_emails_cancel(postage: Postage) -> None:
    # sample: POST /api/emails/{message_id}/cancel
    schedule = postage.emails.cancel("0b6f3c1e-8a8d-4b7f-9c3e-2f1a6d5e4c3b")
    print(schedule.status)
    # end sample


# The account --------------------------------------------------------------------------------


def sample_me_get(postage: Postage) -> None:
    # sample: GET /api/me/
    account = postage.me.get()
    print(account.current_plan, account.verified_shared_domains)
    # end sample


def sample_me_key(postage: Postage) -> None:
    # sample: GET /api/me/key
    key = postage.me.key()
    print(key.prefix, key.permission, key.domains)
    # end sample


def sample_stats_daily(postage: Postage) -> None:
    # sample: GET /api/stats/daily
    for day in postage.stats.daily(days=7).days:
        print(day.date, day.sent, day.delivered, day.opened, day.clicked)
    # end sample


def sample_reputation_get(postage: Postage) -> None:
    # sample: GET /api/reputation
    rep = postage.reputation.get()
    print(rep.account.bounce_rate, rep.account.bounce_standing, "pauses at", rep.levels.bounce_rate.postage_pause)
    # end sample


def sample_usage_get(postage: Postage) -> None:
    # sample: GET /api/usage
    usage = postage.usage.get()
    print(usage.used.shared, "of", usage.allowance.shared)
    # end sample


def sample_sending_queue_get(postage: Postage) -> None:
    # sample: GET /api/sending/queue
    shared = postage.sending_queue.get().shared
    print(shared.waiting.single + shared.waiting.bulk, "waiting, about", shared.expected_wait_seconds, "s")
    # end sample


# Domains ------------------------------------------------------------------------------------


def sample_domains_list(postage: Postage) -> None:
    # sample: GET /api/domains
    for domain in postage.domains.list().domains:
        print(domain.name, domain.status)
    # end sample


def sample_domains_create(postage: Postage) -> None:
    # sample: POST /api/domains
    domain = postage.domains.create(name="mail.example.com", sending_mode="shared")
    for record in domain.records:  # publish these in the domain's DNS
        print(record.type_, record.name, record.value)
    # end sample


def sample_domains_get(postage: Postage) -> None:
    # sample: GET /api/domains/{name}
    domain = postage.domains.get("mail.example.com")
    print(domain.status, domain.can_send)
    # end sample


def sample_domains_verify(postage: Postage) -> None:
    # sample: POST /api/domains/{name}/verify
    verification = postage.domains.verify("mail.example.com")
    print(verification.domain.status)
    # end sample


def sample_domains_update(postage: Postage) -> None:
    # sample: PATCH /api/domains/{name}
    domain = postage.domains.update("mail.example.com", track_opens=True, track_clicks=True, tracking_subdomain="track")
    print(domain.tracking_host)  # publish the `tracking` CNAME of domain.records, then verify the domain
    # end sample


def sample_domains_delete(postage: Postage) -> None:
    # sample: DELETE /api/domains/{name}
    postage.domains.delete("mail.example.com")
    # end sample


# Receiving email ----------------------------------------------------------------------------


def sample_inbound_domains_list(postage: Postage) -> None:
    # sample: GET /api/inbound-domains
    for domain in postage.inbound.domains.list().inbound_domains:
        print(domain.name, domain.status, domain.rule_count)
    # end sample


def sample_inbound_domains_create(postage: Postage) -> None:
    # sample: POST /api/inbound-domains
    domain = postage.inbound.domains.create(name="reply.example.com")
    for record in domain.records:  # publish it in the domain's DNS
        print(record.type_, record.name, record.value)
    # end sample


def sample_inbound_domains_get(postage: Postage) -> None:
    # sample: GET /api/inbound-domains/{name}
    domain = postage.inbound.domains.get("reply.example.com")
    print(domain.status, domain.verified_at)
    # end sample


def sample_inbound_domains_verify(postage: Postage) -> None:
    # sample: POST /api/inbound-domains/{name}/verify
    check = postage.inbound.domains.verify("reply.example.com")
    print("published" if check.ok else f"publish MX {check.expected} (found: {check.found})")
    # end sample


def sample_inbound_domains_delete(postage: Postage) -> None:
    # sample: DELETE /api/inbound-domains/{name}
    postage.inbound.domains.delete("reply.example.com")  # its rules go with it
    # end sample


def sample_inbound_rules_list(postage: Postage) -> None:
    # sample: GET /api/inbound-domains/{name}/rules
    for rule in postage.inbound.rules.list("reply.example.com").rules:
        print(rule.match, rule.kind, rule.endpoint_ids)
    # end sample


def sample_inbound_rules_create(postage: Postage) -> None:
    # sample: POST /api/inbound-domains/{name}/rules
    # reply@ and reply+<anything>@ go to every endpoint subscribed to email.received:
    rule = postage.inbound.rules.create("reply.example.com", match="reply+*")
    print(rule.id, rule.kind)
    # end sample


def sample_inbound_rules_delete(postage: Postage) -> None:
    # sample: DELETE /api/inbound-domains/{name}/rules/{id}
    postage.inbound.rules.delete("reply.example.com", "9d4c2b1a-6e5f-4a3b-8c7d-1e2f3a4b5c6d")
    # end sample


def sample_inbound_list(postage: Postage) -> None:
    # sample: GET /api/inbound
    for message in postage.inbound.iterate(domain="reply.example.com", since="2026-12-01"):
        print(message.id, message.envelope.from_, message.subject, message.message_id)  # message_id: the sent message it answers
    # end sample


def sample_inbound_get(postage: Postage) -> None:
    # sample: GET /api/inbound/{id}
    message = postage.inbound.get("5b1e0c9a-3f2d-4e8b-9a61-7c2f4d8e1a03")
    print(message.from_.address if message.from_ else None, message.subject, message.authentication.dmarc, message.text)
    for attachment in message.attachments:
        print(attachment.filename, attachment.download_url)
    # end sample


def sample_inbound_raw(postage: Postage) -> None:
    # sample: GET /api/inbound/{id}/raw
    import email
    import email.policy

    raw = postage.inbound.raw("5b1e0c9a-3f2d-4e8b-9a61-7c2f4d8e1a03")  # the message exactly as received
    print(email.message_from_bytes(raw, policy=email.policy.default)["Subject"])
    # end sample


def sample_inbound_delete(postage: Postage) -> None:
    # sample: DELETE /api/inbound/{id}
    postage.inbound.delete("5b1e0c9a-3f2d-4e8b-9a61-7c2f4d8e1a03")  # with its attachments
    # end sample


def sample_inbound_download_attachment(postage: Postage) -> None:
    # sample: GET /inbound/attachments/{token}
    # An attachment (or its download_url) from email.received or inbound.get; no key needed:
    data = postage.inbound.download_attachment("https://api.postage.dev/inbound/attachments/v1.e3a1f7c2-0d4b-4c9e-8f6a-2b5d7e9c1a34.1796379302.yIZ5U60LowEl-Hr-VEntlW4d9LBsVyfcn4ibXebOTyU")
    print(len(data))  # the sender's bytes: check the attachment's sha256, never trust its declared type
    # end sample


# API keys -----------------------------------------------------------------------------------


def sample_api_keys_list(postage: Postage) -> None:
    # sample: GET /api/api-keys
    for key in postage.api_keys.list().api_keys:
        print(key.name, key.prefix, key.permission, key.state)
    # end sample


def sample_api_keys_create(postage: Postage) -> None:
    # sample: POST /api/api-keys
    created = postage.api_keys.create(name="Production sending", permission="sending", domains=["mail.example.com"])
    print(created.api_key.prefix)  # created.secret is shown this once: store it now
    # end sample


def sample_api_keys_revoke(postage: Postage) -> None:
    # sample: DELETE /api/api-keys/{id}
    key = postage.api_keys.revoke("5d1c7a0e-3f2b-4c8d-9e6a-1b2c3d4e5f60")
    print(key.state)
    # end sample


# Webhooks -----------------------------------------------------------------------------------


def sample_webhooks_list(postage: Postage) -> None:
    # sample: GET /api/webhooks
    for webhook in postage.webhooks.list().webhooks:
        print(webhook.id, webhook.url, webhook.active)
    # end sample


def sample_webhooks_create(postage: Postage) -> None:
    # sample: POST /api/webhooks
    created = postage.webhooks.create(url="https://example.com/webhooks/postage", events=["email.delivered", "email.bounced"])
    print(created.webhook.id)  # created.signing_secret is shown this once: store it now
    # end sample


def sample_webhooks_update(postage: Postage) -> None:
    # sample: PATCH /api/webhooks/{id}
    webhook = postage.webhooks.update("7a4e2c1b-6d3f-4e8a-b5c9-0f1e2d3c4b5a", active=False)
    print(webhook.active)
    # end sample


def sample_webhooks_delete(postage: Postage) -> None:
    # sample: DELETE /api/webhooks/{id}
    postage.webhooks.delete("7a4e2c1b-6d3f-4e8a-b5c9-0f1e2d3c4b5a")
    # end sample


def sample_webhooks_deliveries(postage: Postage) -> None:
    # sample: GET /api/webhooks/{id}/deliveries
    for delivery in postage.webhooks.deliveries("7a4e2c1b-6d3f-4e8a-b5c9-0f1e2d3c4b5a", limit=20).deliveries:
        print(delivery.id, delivery.event_type, delivery.status_code, delivery.succeeded)
    # end sample


def sample_webhooks_test(postage: Postage) -> None:
    # sample: POST /api/webhooks/{id}/test
    result = postage.webhooks.test("7a4e2c1b-6d3f-4e8a-b5c9-0f1e2d3c4b5a", event_type="email.bounced")
    print(result.delivery.status_code, result.delivery.succeeded)
    # end sample


def sample_webhooks_replay(postage: Postage) -> None:
    # sample: POST /api/webhooks/{id}/deliveries/{delivery_id}/replay
    result = postage.webhooks.replay("7a4e2c1b-6d3f-4e8a-b5c9-0f1e2d3c4b5a", "4182")
    print(result.delivery.succeeded)
    # end sample


def sample_webhooks_rotate_secret(postage: Postage) -> None:
    # sample: POST /api/webhooks/{id}/rotate-secret
    rotated = postage.webhooks.rotate_secret("7a4e2c1b-6d3f-4e8a-b5c9-0f1e2d3c4b5a")
    print(rotated.previous_secret_expires_at)  # rotated.signing_secret is shown this once: store it now
    # end sample


# Live events --------------------------------------------------------------------------------


def sample_events_stream(postage: Postage) -> None:
    # sample: GET /api/events/stream
    with postage.events.stream(events=["email.delivered", "email.bounced"]) as stream:
        for event in stream:
            print(event.type, event.parse().message_id)  # event.body: the exact text a webhook endpoint receives
    # end sample


# Suppressions -------------------------------------------------------------------------------


def sample_suppressions_list(postage: Postage) -> None:
    # sample: GET /api/suppressions
    for entry in postage.suppressions.iterate(search="example.org"):
        print(entry.address, entry.reason)
    # end sample


def sample_suppressions_add(postage: Postage) -> None:
    # sample: POST /api/suppressions
    result = postage.suppressions.add("ann@example.org")
    print(result.added, result.suppression.reason)
    # end sample


def sample_suppressions_get(postage: Postage) -> None:
    # sample: GET /api/suppressions/{address}
    entry = postage.suppressions.get("ann@example.org")
    print(entry.reason, entry.created_at)
    # end sample


def sample_suppressions_delete(postage: Postage) -> None:
    # sample: DELETE /api/suppressions/{address}
    postage.suppressions.delete("ann@example.org")
    # end sample


# Templates ----------------------------------------------------------------------------------


def sample_templates_list(postage: Postage) -> None:
    # sample: GET /api/templates
    for template in postage.templates.iterate():
        print(template.id, template.name, template.published_version)
    # end sample


def sample_templates_create(postage: Postage) -> None:
    # sample: POST /api/templates
    template = postage.templates.create(
        name="Welcome",
        alias="welcome",
        subject="Welcome, {{ name }}",
        html="<p>Hello {{ name }}, your plan is <b>{{ plan }}</b>.</p>",
    )
    print(template.id)
    # end sample


def sample_templates_get(postage: Postage) -> None:
    # sample: GET /api/templates/{id}
    template = postage.templates.get("3c9b1f6e-2a7d-4e5c-8b0f-9d8e7c6b5a41")
    print(template.name, template.draft.variables)
    # end sample


def sample_templates_update(postage: Postage) -> None:
    # sample: PATCH /api/templates/{id}
    template = postage.templates.update("3c9b1f6e-2a7d-4e5c-8b0f-9d8e7c6b5a41", subject="Welcome aboard, {{ name }}")
    print(template.has_unpublished_changes)
    # end sample


def sample_templates_delete(postage: Postage) -> None:
    # sample: DELETE /api/templates/{id}
    postage.templates.delete("3c9b1f6e-2a7d-4e5c-8b0f-9d8e7c6b5a41")
    # end sample


def sample_templates_publish(postage: Postage) -> None:
    # sample: POST /api/templates/{id}/publish
    template = postage.templates.publish("3c9b1f6e-2a7d-4e5c-8b0f-9d8e7c6b5a41")
    print(template.published_version)
    # end sample


def sample_templates_versions(postage: Postage) -> None:
    # sample: GET /api/templates/{id}/versions
    for version in postage.templates.versions("3c9b1f6e-2a7d-4e5c-8b0f-9d8e7c6b5a41").versions:
        print(version.version, version.published_at)
    # end sample


def sample_templates_preview(postage: Postage) -> None:
    # sample: POST /api/templates/{id}/preview
    preview = postage.templates.preview("welcome", variables={"name": "Ann", "plan": "Growth"})
    print(preview.subject)
    # end sample


def sample_templates_test_send(postage: Postage) -> None:
    # sample: POST /api/templates/{id}/test-send
    sent = postage.templates.test_send(
        "3c9b1f6e-2a7d-4e5c-8b0f-9d8e7c6b5a41",
        from_email="hello@mail.example.com",
        recipient="delivered",  # a test recipient: "delivered", "bounce" or "complaint"
        variables={"name": "Ann", "plan": "Growth"},
    )
    print(sent.message_id)
    # end sample


# BYOC ---------------------------------------------------------------------------------------


def sample_byoc_get(postage: Postage) -> None:
    # sample: GET /api/byoc
    byoc = postage.byoc.get()
    print(byoc.configured, byoc.role_arn)
    # end sample


def sample_byoc_save(postage: Postage) -> None:
    # sample: PUT /api/byoc
    saved = postage.byoc.save(role_arn="arn:aws:iam::123456789012:role/Service-BYOC-Role", region="eu-west-1")
    print(saved.validation.ok, saved.validation.message)
    # end sample


def sample_byoc_validate(postage: Postage) -> None:
    # sample: POST /api/byoc/validate
    result = postage.byoc.validate()
    print(result.validation.ok, result.validation.code)
    # end sample


def sample_byoc_policy(postage: Postage) -> None:
    # sample: GET /api/byoc/policy
    policy = postage.byoc.policy()
    for step in policy.steps:
        print(step)
    # end sample


def sample_byoc_cloudformation(postage: Postage) -> None:
    # sample: GET /api/byoc/cloudformation
    import json

    template = postage.byoc.cloudformation()
    print(json.dumps(template.to_dict(), indent=2))  # create a CloudFormation stack from it
    # end sample


# The team and the audit log -----------------------------------------------------------------


def sample_members_list(postage: Postage) -> None:
    # sample: GET /api/members
    for member in postage.members.list().members:
        print(member.email, member.role)
    # end sample


def sample_invitations_list(postage: Postage) -> None:
    # sample: GET /api/invitations
    for invitation in postage.invitations.list().invitations:
        print(invitation.email, invitation.role, invitation.expires_at)
    # end sample


def sample_audit_list(postage: Postage) -> None:
    # sample: GET /api/audit
    for entry in postage.audit.iterate(action="api_key", since="2026-01-01"):
        print(entry.created_at, entry.actor.name, entry.action)
    # end sample

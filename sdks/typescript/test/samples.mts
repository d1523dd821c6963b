// The code samples of the API reference (/docs): one region per operation an API key may call,
// from a `sample: <METHOD> <path>` comment line to an `end sample` one, which a tool extracts (the
// lines between the markers, their common indentation removed) and shows after the `setup` region.
//
// The setup region is this module's own: the client is made from the environment when the module
// loads, and every sample below uses it, as a reader's code would. test.sh type-checks this file as
// a consumer of the installed package (test/types/tsconfig.node.json), so a renamed method or a
// changed argument type breaks the run; offline.test.mjs loads it with the environment pointing at
// a local stand-in, runs every exported function and checks that each calls exactly the operation
// of its label.

// sample: setup
import { Postage } from '@postage/sdk';

const postage = new Postage({ apiKey: process.env.POSTAGE_API_KEY });
// end sample

// Sending

export async function sendEmail(): Promise<void> {
  // sample: POST /api/send/
  const sent = await postage.emails.send({
    from_email: 'hello@mail.example.com',
    to: 'ann@example.org',
    subject: 'Welcome',
    html: '<p>Welcome aboard.</p>',
  });
  console.log(sent.message_id);
  // end sample
}

export async function sendBatch(): Promise<void> {
  // sample: POST /api/send/batch
  const batch = await postage.emails.sendBatch({
    emails: [
      { from_email: 'hello@mail.example.com', to: 'ann@example.org', subject: 'Hi Ann', message: 'Welcome aboard.' },
      { from_email: 'hello@mail.example.com', to: 'bob@example.org', subject: 'Hi Bob', message: 'Welcome aboard.' },
    ],
  });
  // One result per email, in request order, each queued or refused on its own:
  for (const item of batch.data) console.log(item.index, item.success ? item.message_id : item.detail);
  // end sample
}

// The email log

export async function listEmails(): Promise<void> {
  // sample: GET /api/emails
  for await (const email of postage.emails.list({ status: 'bounced', since: new Date('2026-01-01') })) {
    console.log(email.message_id, email.recipient, email.bounce_type);
  }
  // end sample
}

export async function getEmail(): Promise<void> {
  // sample: GET /api/emails/{message_id}
  const detail = await postage.emails.get('0b6f3c1e-8a8d-4b7f-9c3e-2f1a6d5e4c3b');
  console.log(detail.email.status, detail.timeline.length);
  // end sample
}

export async function rescheduleEmail(): Promise<void> {
  // sample: PATCH /api/emails/{message_id}
  const schedule = await postage.emails.reschedule('0b6f3c1e-8a8d-4b7f-9c3e-2f1a6d5e4c3b', {
    scheduled_at: new Date(Date.now() + 2 * 3_600_000),
  });
  console.log(schedule.status, schedule.scheduled_at);
  // end sample
}

export async function cancelEmail(): Promise<void> {
  // sample: POST /api/emails/{message_id}/cancel
  const schedule = await postage.emails.cancel('0b6f3c1e-8a8d-4b7f-9c3e-2f1a6d5e4c3b');
  console.log(schedule.status);
  // end sample
}

// The account

export async function getMe(): Promise<void> {
  // sample: GET /api/me/
  const account = await postage.me.get();
  console.log(account.current_plan, account.verified_shared_domains);
  // end sample
}

export async function getMeKey(): Promise<void> {
  // sample: GET /api/me/key
  const key = await postage.me.key();
  console.log(key.prefix, key.permission, key.domains);
  // end sample
}

export async function getUsage(): Promise<void> {
  // sample: GET /api/usage
  const usage = await postage.usage.get();
  console.log(`${usage.used.shared} of ${usage.allowance.shared} sends this month`);
  // end sample
}

export async function getSendingQueue(): Promise<void> {
  // sample: GET /api/sending/queue
  const { shared } = await postage.sendingQueue.get();
  console.log(`${shared.waiting.single + shared.waiting.bulk} waiting, about ${shared.expected_wait_seconds} s`);
  // end sample
}

export async function getDailyStats(): Promise<void> {
  // sample: GET /api/stats/daily
  const { days } = await postage.stats.daily({ days: 7 });
  for (const day of days) console.log(day.date, day.sent, day.delivered, day.opened, day.clicked);
  // end sample
}

export async function getReputation(): Promise<void> {
  // sample: GET /api/reputation
  const { account, levels } = await postage.reputation.get();
  console.log(account.bounce_rate, account.bounce_standing, 'pauses at', levels.bounce_rate.postage_pause);
  // end sample
}

// Domains

export async function listDomains(): Promise<void> {
  // sample: GET /api/domains
  const { domains } = await postage.domains.list();
  for (const domain of domains) console.log(domain.name, domain.status);
  // end sample
}

export async function createDomain(): Promise<void> {
  // sample: POST /api/domains
  const domain = await postage.domains.create({ name: 'mail.example.com', sending_mode: 'shared' });
  for (const record of domain.records) console.log(record.type, record.name, record.value); // publish these in the domain's DNS
  // end sample
}

export async function getDomain(): Promise<void> {
  // sample: GET /api/domains/{name}
  const domain = await postage.domains.get('mail.example.com');
  console.log(domain.status, domain.can_send);
  // end sample
}

export async function verifyDomain(): Promise<void> {
  // sample: POST /api/domains/{name}/verify
  const { domain, missing } = await postage.domains.verify('mail.example.com');
  console.log(domain.status); // 'verified' once the ownership and DKIM records are found
  for (const record of missing) console.log('missing', record.type, record.name, record.value);
  // end sample
}

export async function updateDomain(): Promise<void> {
  // sample: PATCH /api/domains/{name}
  const domain = await postage.domains.update('mail.example.com', {
    track_opens: true,
    track_clicks: true,
    tracking_subdomain: 'track', // publish the `tracking` CNAME it lists, then verify the domain
  });
  console.log(domain.tracking_host); // the base URL of tracked links (yours once verified)
  // end sample
}

export async function deleteDomain(): Promise<void> {
  // sample: DELETE /api/domains/{name}
  await postage.domains.delete('mail.example.com');
  // end sample
}

// Receiving email

export async function listInboundDomains(): Promise<void> {
  // sample: GET /api/inbound-domains
  const { inbound_domains } = await postage.inbound.domains.list();
  for (const domain of inbound_domains) console.log(domain.name, domain.status, domain.rule_count);
  // end sample
}

export async function createInboundDomain(): Promise<void> {
  // sample: POST /api/inbound-domains
  const domain = await postage.inbound.domains.create({ name: 'reply.example.com' });
  for (const record of domain.records) console.log(record.type, record.name, record.value); // publish it in DNS
  // end sample
}

export async function getInboundDomain(): Promise<void> {
  // sample: GET /api/inbound-domains/{name}
  const domain = await postage.inbound.domains.get('reply.example.com');
  console.log(domain.status, domain.verified_at);
  // end sample
}

export async function verifyInboundDomain(): Promise<void> {
  // sample: POST /api/inbound-domains/{name}/verify
  const { ok, expected, found } = await postage.inbound.domains.verify('reply.example.com');
  console.log(ok ? 'the MX record is published' : `publish MX ${expected} (found: ${found.join(', ')})`);
  // end sample
}

export async function deleteInboundDomain(): Promise<void> {
  // sample: DELETE /api/inbound-domains/{name}
  await postage.inbound.domains.delete('reply.example.com'); // its rules go with it
  // end sample
}

export async function listInboundRules(): Promise<void> {
  // sample: GET /api/inbound-domains/{name}/rules
  const { rules } = await postage.inbound.rules.list('reply.example.com');
  for (const rule of rules) console.log(rule.match, rule.kind, rule.endpoint_ids);
  // end sample
}

export async function createInboundRule(): Promise<void> {
  // sample: POST /api/inbound-domains/{name}/rules
  // `reply@` and `reply+<anything>@` go to every endpoint subscribed to email.received:
  const rule = await postage.inbound.rules.create('reply.example.com', { match: 'reply+*' });
  console.log(rule.id, rule.kind);
  // end sample
}

export async function deleteInboundRule(): Promise<void> {
  // sample: DELETE /api/inbound-domains/{name}/rules/{id}
  await postage.inbound.rules.delete('reply.example.com', '9d4c2b1a-6e5f-4a3b-8c7d-1e2f3a4b5c6d');
  // end sample
}

export async function listInbound(): Promise<void> {
  // sample: GET /api/inbound
  for await (const message of postage.inbound.list({ domain: 'reply.example.com', since: new Date('2026-12-01') })) {
    console.log(message.id, message.envelope.from, message.subject, message.message_id); // message_id: the sent message it answers
  }
  // end sample
}

export async function getInbound(): Promise<void> {
  // sample: GET /api/inbound/{id}
  const message = await postage.inbound.get('5b1e0c9a-3f2d-4e8b-9a61-7c2f4d8e1a03');
  console.log(message.from?.address, message.subject, message.authentication.dmarc, message.text);
  for (const attachment of message.attachments) console.log(attachment.filename, attachment.download_url);
  // end sample
}

export async function rawInbound(): Promise<void> {
  // sample: GET /api/inbound/{id}/raw
  const raw = await postage.inbound.raw('5b1e0c9a-3f2d-4e8b-9a61-7c2f4d8e1a03'); // a Uint8Array
  console.log(new TextDecoder().decode(raw.subarray(0, 200))); // the message exactly as received
  // end sample
}

export async function deleteInbound(): Promise<void> {
  // sample: DELETE /api/inbound/{id}
  await postage.inbound.delete('5b1e0c9a-3f2d-4e8b-9a61-7c2f4d8e1a03'); // with its attachments
  // end sample
}

export async function downloadInboundAttachment(): Promise<void> {
  // sample: GET /inbound/attachments/{token}
  // An attachment (or its download_url) from email.received or inbound.get; no key needed:
  const bytes = await postage.inbound.downloadAttachment(
    'https://api.postage.dev/inbound/attachments/v1.e3a1f7c2-0d4b-4c9e-8f6a-2b5d7e9c1a34.1796379302.yIZ5U60LowEl-Hr-VEntlW4d9LBsVyfcn4ibXebOTyU',
  );
  console.log(bytes.length); // the sender's bytes: check the attachment's sha256, never trust its declared type
  // end sample
}

// API keys

export async function listApiKeys(): Promise<void> {
  // sample: GET /api/api-keys
  const { api_keys } = await postage.apiKeys.list();
  for (const key of api_keys) console.log(key.name, key.prefix, key.permission, key.state);
  // end sample
}

export async function createApiKey(): Promise<void> {
  // sample: POST /api/api-keys
  const created = await postage.apiKeys.create({
    name: 'Production sending',
    permission: 'sending',
    domains: ['mail.example.com'],
  });
  console.log(created.api_key.prefix); // created.secret is shown this once: store it now
  // end sample
}

export async function revokeApiKey(): Promise<void> {
  // sample: DELETE /api/api-keys/{id}
  const key = await postage.apiKeys.revoke('5d1c7a0e-3f2b-4c8d-9e6a-1b2c3d4e5f60');
  console.log(key.state);
  // end sample
}

// Webhooks

export async function listWebhooks(): Promise<void> {
  // sample: GET /api/webhooks
  const { webhooks } = await postage.webhooks.list();
  for (const webhook of webhooks) console.log(webhook.id, webhook.url, webhook.active);
  // end sample
}

export async function createWebhook(): Promise<void> {
  // sample: POST /api/webhooks
  const created = await postage.webhooks.create({
    url: 'https://example.com/webhooks/postage',
    events: ['email.delivered', 'email.bounced'],
  });
  console.log(created.webhook.id); // created.signing_secret is shown this once: store it now
  // end sample
}

export async function updateWebhook(): Promise<void> {
  // sample: PATCH /api/webhooks/{id}
  const webhook = await postage.webhooks.update('7a4e2c1b-6d3f-4e8a-b5c9-0f1e2d3c4b5a', { active: false });
  console.log(webhook.active);
  // end sample
}

export async function deleteWebhook(): Promise<void> {
  // sample: DELETE /api/webhooks/{id}
  await postage.webhooks.delete('7a4e2c1b-6d3f-4e8a-b5c9-0f1e2d3c4b5a');
  // end sample
}

export async function webhookDeliveries(): Promise<void> {
  // sample: GET /api/webhooks/{id}/deliveries
  const { deliveries } = await postage.webhooks.deliveries('7a4e2c1b-6d3f-4e8a-b5c9-0f1e2d3c4b5a', { limit: 20 });
  for (const delivery of deliveries)
    console.log(delivery.id, delivery.event_type, delivery.status_code, delivery.succeeded);
  // end sample
}

export async function testWebhook(): Promise<void> {
  // sample: POST /api/webhooks/{id}/test
  const { delivery } = await postage.webhooks.test('7a4e2c1b-6d3f-4e8a-b5c9-0f1e2d3c4b5a', {
    event_type: 'email.bounced',
  });
  console.log(delivery.status_code, delivery.succeeded);
  // end sample
}

export async function replayWebhookDelivery(): Promise<void> {
  // sample: POST /api/webhooks/{id}/deliveries/{delivery_id}/replay
  const { delivery } = await postage.webhooks.replay('7a4e2c1b-6d3f-4e8a-b5c9-0f1e2d3c4b5a', '4182');
  console.log(delivery.succeeded);
  // end sample
}

export async function rotateWebhookSecret(): Promise<void> {
  // sample: POST /api/webhooks/{id}/rotate-secret
  const rotated = await postage.webhooks.rotateSecret('7a4e2c1b-6d3f-4e8a-b5c9-0f1e2d3c4b5a');
  console.log(rotated.previous_secret_expires_at); // rotated.signing_secret is shown this once: store it now
  // end sample
}

// Live events

export async function streamEvents(): Promise<void> {
  // sample: GET /api/events/stream
  const stream = await postage.events.stream({ events: ['email.delivered', 'email.bounced'] });
  for await (const event of stream) {
    console.log(event.type, event.parse().messageId); // event.body: the exact text a webhook endpoint receives
  }
  // end sample
}

// Suppressions

export async function listSuppressions(): Promise<void> {
  // sample: GET /api/suppressions
  for await (const entry of postage.suppressions.list({ search: 'example.org' })) {
    console.log(entry.address, entry.reason);
  }
  // end sample
}

export async function addSuppression(): Promise<void> {
  // sample: POST /api/suppressions
  const { added, suppression } = await postage.suppressions.create({ address: 'ann@example.org' });
  console.log(added, suppression.reason);
  // end sample
}

export async function getSuppression(): Promise<void> {
  // sample: GET /api/suppressions/{address}
  const entry = await postage.suppressions.get('ann@example.org');
  console.log(entry.reason, entry.created_at);
  // end sample
}

export async function deleteSuppression(): Promise<void> {
  // sample: DELETE /api/suppressions/{address}
  await postage.suppressions.delete('ann@example.org');
  // end sample
}

// Templates

export async function listTemplates(): Promise<void> {
  // sample: GET /api/templates
  for await (const template of postage.templates.list()) {
    console.log(template.id, template.name, template.published_version);
  }
  // end sample
}

export async function createTemplate(): Promise<void> {
  // sample: POST /api/templates
  const template = await postage.templates.create({
    name: 'Welcome',
    alias: 'welcome',
    subject: 'Welcome, {{ name }}',
    html: '<p>Hello {{ name }}, your plan is <b>{{ plan }}</b>.</p>',
  });
  console.log(template.id);
  // end sample
}

export async function getTemplate(): Promise<void> {
  // sample: GET /api/templates/{id}
  const template = await postage.templates.get('3c9b1f6e-2a7d-4e5c-8b0f-9d8e7c6b5a41');
  console.log(template.name, template.draft.variables);
  // end sample
}

export async function updateTemplate(): Promise<void> {
  // sample: PATCH /api/templates/{id}
  const template = await postage.templates.update('3c9b1f6e-2a7d-4e5c-8b0f-9d8e7c6b5a41', {
    subject: 'Welcome aboard, {{ name }}',
  });
  console.log(template.has_unpublished_changes);
  // end sample
}

export async function deleteTemplate(): Promise<void> {
  // sample: DELETE /api/templates/{id}
  await postage.templates.delete('3c9b1f6e-2a7d-4e5c-8b0f-9d8e7c6b5a41');
  // end sample
}

export async function publishTemplate(): Promise<void> {
  // sample: POST /api/templates/{id}/publish
  const template = await postage.templates.publish('3c9b1f6e-2a7d-4e5c-8b0f-9d8e7c6b5a41');
  console.log(template.published_version);
  // end sample
}

export async function templateVersions(): Promise<void> {
  // sample: GET /api/templates/{id}/versions
  const { versions } = await postage.templates.versions('3c9b1f6e-2a7d-4e5c-8b0f-9d8e7c6b5a41');
  for (const version of versions) console.log(version.version, version.published_at);
  // end sample
}

export async function previewTemplate(): Promise<void> {
  // sample: POST /api/templates/{id}/preview
  const preview = await postage.templates.preview('welcome', { variables: { name: 'Ann', plan: 'Growth' } });
  console.log(preview.subject);
  // end sample
}

export async function testSendTemplate(): Promise<void> {
  // sample: POST /api/templates/{id}/test-send
  const sent = await postage.templates.testSend('3c9b1f6e-2a7d-4e5c-8b0f-9d8e7c6b5a41', {
    from_email: 'hello@mail.example.com',
    recipient: 'delivered', // a test recipient: 'delivered', 'bounce' or 'complaint'
    variables: { name: 'Ann', plan: 'Growth' },
  });
  console.log(sent.message_id);
  // end sample
}

// BYOC

export async function getByoc(): Promise<void> {
  // sample: GET /api/byoc
  const byoc = await postage.byoc.get();
  console.log(byoc.configured, byoc.role_arn);
  // end sample
}

export async function saveByoc(): Promise<void> {
  // sample: PUT /api/byoc
  const { validation } = await postage.byoc.save({
    role_arn: 'arn:aws:iam::123456789012:role/Service-BYOC-Role',
    region: 'eu-west-1',
  });
  console.log(validation.ok, validation.message);
  // end sample
}

export async function validateByoc(): Promise<void> {
  // sample: POST /api/byoc/validate
  const { validation } = await postage.byoc.validate();
  console.log(validation.ok, validation.code);
  // end sample
}

export async function byocPolicy(): Promise<void> {
  // sample: GET /api/byoc/policy
  const policy = await postage.byoc.policy();
  for (const step of policy.steps) console.log(step);
  // end sample
}

export async function byocCloudFormation(): Promise<void> {
  // sample: GET /api/byoc/cloudformation
  const template = await postage.byoc.cloudformation();
  console.log(JSON.stringify(template, null, 2)); // create a CloudFormation stack from it
  // end sample
}

// The team and the audit log

export async function listMembers(): Promise<void> {
  // sample: GET /api/members
  const { members } = await postage.members.list();
  for (const member of members) console.log(member.email, member.role);
  // end sample
}

export async function listInvitations(): Promise<void> {
  // sample: GET /api/invitations
  const { invitations } = await postage.invitations.list();
  for (const invitation of invitations) console.log(invitation.email, invitation.role, invitation.expires_at);
  // end sample
}

export async function listAudit(): Promise<void> {
  // sample: GET /api/audit
  for await (const entry of postage.audit.list({ action: 'api_key', since: new Date('2026-01-01') })) {
    console.log(entry.created_at, entry.actor.name, entry.action);
  }
  // end sample
}

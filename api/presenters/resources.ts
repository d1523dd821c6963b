// What the management API shows of each resource: snake_case fields, ISO times, never a secret
// (key secrets and webhook signing secrets appear only in the one response that creates them).
// Each returns the static type of its published schema (schemas/management.ts): a field the
// document does not have, or of another type, does not compile.
import type { ActorView } from '../../core/accounts/actors';
import { keyPrefix, type ApiKey } from '../../core/accounts/apiKeys';
import type { Suppression } from '../../core/accounts/suppressions';
import { deviceLabel, type UserSession } from '../../core/accounts/userSessions';
import type { ByocConfig } from '../../core/byoc/byocConfig';
import { BYOC_ROLE_NAME, isByocUsable } from '../../core/byoc/byocConfig';
import type { ByocValidationResult } from '../../core/byoc/byocValidation';
import type { DnsRecord } from '../../core/domains/domainRecords';
import { canSend, domainState, type Domain } from '../../core/domains/domains';
import type { EmailLogRow } from '../../core/sending/emailLog';
import type { AccountQueue } from '../../core/sending/sendingQueue';
import type { Template, TemplateSummary, TemplateVersion } from '../../core/templates/templates';
import type { MessageWebhookDelivery, TimelineEvent } from '../../core/sending/emailTimeline';
import type { WebhookDeliveryAttempt, WebhookEndpoint } from '../../core/webhooks/webhookEndpoints';
import { WEBHOOK_FAILURES, type WebhookFailure } from '../../core/webhooks/webhookDelivery';
import type { Static } from '@sinclair/typebox';
import type * as View from '../schemas/management';

const iso = (d: Date | null | undefined): string | null => (d ? new Date(d).toISOString() : null);
/** A stored failure category; rows are written with WEBHOOK_FAILURES only (older text was migrated), anything else reads as a network error. */
const failure = (error: string | null): WebhookFailure | null =>
  error === null
    ? null
    : (WEBHOOK_FAILURES as readonly string[]).includes(error)
      ? (error as WebhookFailure)
      : 'network_error';
/** A time every row has. */
const isoAt = (d: Date): string => new Date(d).toISOString();

type RecordStatus = 'verified' | 'operator' | 'pending' | 'missing' | 'unchecked';

/** A record's state from the domain's last check: required ones are verified or pending; advisory ones ok, missing or unchecked. */
function recordStatus(domain: Domain, record: DnsRecord): RecordStatus {
  const advisory = (ok: boolean | null): RecordStatus => (ok === null ? 'unchecked' : ok ? 'verified' : 'missing');
  switch (record.purpose) {
    case 'ownership':
      return domain.ownershipVerifiedAt ? (domain.verifiedByOperator ? 'operator' : 'verified') : 'pending';
    case 'dkim':
      return domain.dkimVerifiedAt ? (domain.verifiedByOperator ? 'operator' : 'verified') : 'pending';
    case 'mail_from':
      return advisory(domain.mailFromOk);
    case 'spf':
      return advisory(domain.spfOk);
    case 'dmarc':
      return advisory(domain.dmarcOk);
    case 'tracking':
      return domain.trackingVerifiedAt ? 'verified' : 'pending';
  }
}

export function presentRecord(domain: Domain, record: DnsRecord): Static<typeof View.DnsRecordView> {
  return {
    purpose: record.purpose,
    type: record.type,
    name: record.name,
    value: record.value,
    required: record.required,
    status: recordStatus(domain, record),
  };
}

export function presentDomain(domain: Domain, records: DnsRecord[], trackingHost: string): Static<typeof View.Domain> {
  const { state, detail } = domainState(domain);
  return {
    name: domain.name,
    sending_mode: domain.sendingMode,
    status: state,
    status_detail: detail,
    can_send: canSend(domain),
    verified_by: domain.dkimVerifiedAt ? (domain.verifiedByOperator ? 'operator' : 'dns') : null,
    ownership_verified_at: iso(domain.ownershipVerifiedAt),
    dkim_verified_at: iso(domain.dkimVerifiedAt),
    mail_from_domain: domain.mailFromDomain,
    last_checked_at: iso(domain.advisoryCheckedAt),
    expires_at: iso(domain.claimExpiresAt),
    released_at: iso(domain.releasedAt),
    records: records.map((r) => presentRecord(domain, r)),
    track_opens: domain.trackOpens,
    track_clicks: domain.trackClicks,
    tracking_subdomain: domain.trackingSubdomain,
    tracking_host: trackingHost,
    created_at: isoAt(domain.createdAt),
  };
}

export function keyState(key: ApiKey, now = new Date()): 'active' | 'revoked' | 'expired' {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && key.expiresAt <= now) return 'expired';
  return 'active';
}

/** Who made the key, from the actors described for the page (core/accounts/actors.ts). */
export function presentApiKey(key: ApiKey, actors: ReadonlyMap<string, ActorView>): Static<typeof View.ApiKey> {
  return {
    id: key.id,
    name: key.name,
    prefix: keyPrefix(key.lookupId),
    permission: key.permission,
    domains: key.domainScope,
    networks: key.networks,
    test: key.test,
    state: keyState(key),
    expires_at: iso(key.expiresAt),
    revoked_at: iso(key.revokedAt),
    last_used_at: iso(key.lastUsedAt),
    created_at: isoAt(key.createdAt),
    created_by: key.createdBy ? (actors.get(key.createdBy) ?? null) : null,
  };
}

export function presentWebhook(endpoint: WebhookEndpoint): Static<typeof View.Webhook> {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    active: endpoint.active,
    created_at: isoAt(endpoint.createdAt),
  };
}

export function presentWebhookDelivery(d: WebhookDeliveryAttempt): Static<typeof View.WebhookDelivery> {
  return {
    id: d.id ?? '',
    replay_of: d.replayOf,
    event_type: d.eventType,
    message_id: d.messageId,
    test: d.isTest,
    status_code: d.statusCode,
    succeeded: d.succeeded,
    duration_ms: d.latencyMs,
    error: failure(d.error),
    attempted_at: isoAt(d.attemptedAt),
  };
}

export function presentByoc(config: ByocConfig | undefined): Static<typeof View.Byoc> {
  return {
    configured: Boolean(config),
    byoc_configured: isByocUsable(config),
    role_name: BYOC_ROLE_NAME,
    role_arn: config?.roleArn ?? null,
    region: config?.region ?? null,
    external_id: config?.externalId ?? null,
    validated_at: iso(config?.validatedAt),
    validation_error: config?.validationError ?? null,
    unusable_reason: config?.unusableReason ?? null,
  };
}

export function presentValidation(v: ByocValidationResult): Static<typeof View.ByocValidationView> {
  return { ok: v.ok, code: v.code, message: v.message };
}

export function presentEmail(row: EmailLogRow): Static<typeof View.EmailSummary> {
  return {
    message_id: row.message_id,
    recipient: row.recipient,
    from_email: row.from_email,
    subject: row.subject,
    status: row.status,
    kind: row.kind,
    test: row.test,
    bounce_type: row.bounce_type,
    bounce_subtype: row.bounce_subtype,
    created_at: isoAt(row.created_at),
    sent_at: iso(row.sent_at),
    delivered_at: iso(row.delivered_at),
    bounced_at: iso(row.bounced_at),
    complained_at: iso(row.complained_at),
    failed_at: iso(row.failed_at),
    tags: row.tags ?? {},
    scheduled_at: iso(row.scheduled_at),
    template: row.template_id !== null ? { id: row.template_id, version: row.template_version } : null,
  };
}

export function presentTimelineEvent(e: TimelineEvent): Static<typeof View.TimelineEventView> {
  return { type: e.type, at: isoAt(e.at), details: e.details };
}

export function presentMessageDelivery(d: MessageWebhookDelivery): Static<typeof View.MessageWebhookDelivery> {
  return {
    endpoint_id: d.endpointId,
    url: d.url,
    event_type: d.eventType,
    status_code: d.statusCode,
    succeeded: d.succeeded,
    duration_ms: d.durationMs,
    error: failure(d.error),
    attempted_at: isoAt(d.attemptedAt),
  };
}

export function presentSuppression(s: Suppression): Static<typeof View.Suppression> {
  return { address: s.address, reason: s.reason, topic: s.topic, created_at: isoAt(s.createdAt) };
}

export function presentTemplateSummary(t: TemplateSummary): Static<typeof View.TemplateSummary> {
  return {
    id: t.id,
    name: t.name,
    alias: t.alias,
    published_version: t.publishedVersion,
    has_unpublished_changes: t.hasUnpublishedChanges,
    created_at: isoAt(t.createdAt),
    updated_at: isoAt(t.updatedAt),
  };
}
export function presentTemplate(t: Template): Static<typeof View.Template> {
  return {
    ...presentTemplateSummary(t),
    draft: { subject: t.draft.subject, html: t.draft.html, text: t.draft.text, variables: t.draft.variables },
  };
}

export function presentTemplateVersion(v: TemplateVersion): Static<typeof View.TemplateVersion> {
  return {
    version: v.version,
    subject: v.subject,
    html: v.html,
    text: v.text,
    variables: v.variables,
    published_at: isoAt(v.publishedAt),
  };
}

export function presentSendingQueue(queue: AccountQueue): Static<typeof View.SendingQueue> {
  return {
    waiting: queue.waiting,
    pace_per_second: queue.pacePerSecond,
    send_rate_per_second: queue.sendRatePerSecond,
    expected_wait_seconds: queue.expectedWaitSeconds,
    last_throttled_at: queue.lastThrottledAt,
  };
}

export function presentUserSession(session: UserSession): Static<typeof View.UserSession> {
  return {
    id: session.id,
    device: deviceLabel(session.userAgent),
    user_agent: session.userAgent,
    ip: session.clientIp,
    created_at: isoAt(session.createdAt),
    last_used_at: isoAt(session.lastUsedAt),
    current: session.current,
  };
}

// The only way the dashboard talks to Postage: the public management API on the same origin,
// with the session cookie and the session's CSRF token on every state-changing request.
export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
    readonly fieldErrors: FieldErrors,
  ) {
    super(message);
  }

  /** The messages of one field, for inline display. */
  field(name: string): string | undefined {
    return this.fieldErrors[name]?.join(' ');
  }
}

let csrfToken: string | undefined;

export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['X-CSRF-Token'] = csrfToken;
  let res: Response;
  try {
    res = await fetch(path, { method, headers, credentials: 'same-origin', ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  } catch {
    throw new ApiError(0, 'Postage could not be reached. Check your connection and try again.', undefined, {});
  }
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    /* not JSON: the status says enough */
  }
  if (!res.ok) {
    const detail = typeof json.detail === 'string' ? json.detail : `The request failed (HTTP ${res.status}).`;
    throw new ApiError(res.status, detail, typeof json.error === 'string' ? json.error : undefined, (json.errors as FieldErrors | undefined) ?? {});
  }
  return json as T;
}

// ---- shapes of the management API (see /openapi.json) ----

export interface Session {
  user: { id: string; email: string };
  account: { id: string; name: string; email: string; is_verified: boolean; current_plan: string; sending_suspended: boolean };
  csrf_token: string;
}

export interface DnsRecord {
  purpose: 'ownership' | 'dkim' | 'mail_from' | 'spf' | 'dmarc';
  type: string;
  name: string;
  value: string;
  required: boolean;
  status: 'verified' | 'pending' | 'missing' | 'unchecked';
}

export interface Domain {
  name: string;
  sending_mode: 'shared' | 'byoc';
  /** released: another account proved ownership of the name first; only deletion is left. */
  status: 'pending_ownership' | 'pending_dkim' | 'verified' | 'released';
  status_detail: string;
  can_send: boolean;
  ownership_verified_at: string | null;
  dkim_verified_at: string | null;
  last_checked_at: string | null;
  /** An unverified claim is deleted then; null once ownership is verified. */
  expires_at: string | null;
  released_at: string | null;
  /** The DKIM CNAMEs appear once ownership is verified. */
  records: DnsRecord[];
  created_at: string;
}

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  permission: 'sending' | 'full_access';
  domains: string[];
  state: 'active' | 'revoked' | 'expired';
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  created_at: string;
}

export const EVENT_TYPES = ['email.sent', 'email.delivered', 'email.bounced', 'email.complained', 'email.failed'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface Webhook {
  id: string;
  url: string;
  events: EventType[];
  active: boolean;
  created_at: string;
}

export interface WebhookDelivery {
  event_type: string;
  message_id: string | null;
  test: boolean;
  status_code: number | null;
  succeeded: boolean;
  duration_ms: number;
  error: string | null;
  attempted_at: string;
}

export interface Byoc {
  configured: boolean;
  byoc_configured: boolean;
  role_name: string;
  role_arn: string | null;
  region: string | null;
  external_id: string | null;
  validated_at: string | null;
  validation_error: string | null;
  unusable_reason: string | null;
}

export interface ByocValidation {
  ok: boolean;
  code: string;
  message: string;
}

export interface ByocPolicy {
  role_name: string;
  relay_account_id: string;
  external_id: string | null;
  steps: string[];
  trust_policy: object;
  permissions_policy: object;
}

export interface Email {
  message_id: string;
  recipient: string;
  from_email: string;
  subject: string;
  status: 'queued' | 'sent' | 'delivered' | 'bounced' | 'complained' | 'failed';
  kind: 'real' | 'test' | 'simulator';
  bounce_type: string | null;
  bounce_subtype: string | null;
  created_at: string;
}

export interface TimelineEvent {
  type: string;
  at: string;
  details: Record<string, string>;
}

export interface MessageDelivery {
  endpoint_id: string;
  url: string;
  event_type: string;
  status_code: number | null;
  succeeded: boolean;
  duration_ms: number;
  error: string | null;
  attempted_at: string;
}

export interface Suppression {
  address: string;
  reason: 'bounce' | 'complaint' | 'manual';
  created_at: string;
}

export interface Usage {
  plan: string;
  month: string;
  allowance: { byoc: number; shared: number };
  used: { byoc: number; shared: number };
  days: { day: string; byoc: number; shared: number }[];
}

// Workflow inputs and results. Only ids, flags and outcomes travel through Temporal: message
// content and attachments stay in the claim-check store (core/sending/staging.ts).
import type { TestOutcome } from './addresses';
import type { MessageKind, SendLane, SendingMode } from './sendingModes';
import type { MessageStatus, ProviderOutcome } from './outcomes';

export interface SendEmailInput {
  messageId: string;
  accountId: string;
  mode: SendingMode;
  kind: MessageKind;
  /** Set for test-domain recipients: the synthetic outcome to produce. */
  testOutcome?: TestOutcome;
  /** How long to wait for a provider outcome after SES accepted the message. */
  outcomeTimeoutSeconds: number;
  /** Its lane at SES (docs/sending.md, "Pace and fair shares"); absent in runs started before lanes: `single`. */
  lane?: SendLane;
  /** A scheduled send: the workflow waits on a durable timer until then (the database has the last word: core/sending/scheduledSends.ts). */
  scheduledAt?: string;
  /**
   * `where-needed` (set by every start since it came in): the `PostageStatus` search attribute is
   * written only for what an operator looks for (docs/operations.md, "Following a message in the
   * Temporal UI"): a scheduled wait and a final status other than the path's normal end. Runs
   * started without it write every status as before. The choice travels in the input rather than
   * behind a patch marker, which would cost the events it saves (docs/decisions.md).
   */
  statusAttribute?: 'where-needed';
  /**
   * `one-step` (set by every start since it came in): a test send (docs/test-recipients.md)
   * records queued, sent and its outcomes in one local activity, `recordTestSend`, instead of three
   * (bench/README.md, "What each message costs, and why"). Runs started without it take the three
   * steps they began with; like `statusAttribute`, the choice travels in the input, not behind a
   * patch marker.
   */
  testSend?: 'one-step';
}

export interface SendEmailResult {
  status: MessageStatus | 'not_accepted';
  providerMessageId?: string;
  /** Why the message failed (redacted: never a recipient, subject or body). */
  reason?: string;
}

/** A provider outcome that arrived after the message's send workflow had closed. */
export interface LateOutcomeInput {
  messageId: string;
  accountId: string;
  kind: MessageKind;
  outcome: ProviderOutcome;
}

/** What one run of the content-retention workflow removed. */
export interface ContentPurge {
  sharedContent: number;
  byocLeftovers: number;
  providerMessages: number;
  sendSamples: number;
  /** Settled scheduled sends (sent or cancelled). */
  schedules: number;
  /** SES ids of sent BYOC messages. */
  byocSends: number;
  idempotencyKeys: number;
  sessions: number;
  userTokens: number;
  /** Domain claims whose ownership was not proven in time (docs/domains.md, "Claims"). */
  domainClaims: number;
  /** Address exports past their expiry (docs/privacy.md, "Exporting an address's data"). */
  privacyExports: number;
  /** Received messages (raw, parsed, attachments) past the content retention (docs/inbound.md, "Retention"). */
  inboundMessages: number;
}

/**
 * An open or a click of a tracked message (docs/sending.md, "Tracking opens and clicks"), as the
 * public tracking routes saw it: no address, no IP, only what the timeline and the webhook show.
 */
export interface EngagementEvent {
  type: 'opened' | 'clicked';
  /** ISO 8601: when the request arrived. */
  at: string;
  machine: boolean;
  /** The request's User-Agent, cut to MAX_ENGAGEMENT_USER_AGENT characters ('' without one). */
  userAgent: string;
  /** Clicks: the link's target and its place among the message's tracked links (from 0). */
  url?: string;
  linkIndex?: number;
}

export const MAX_ENGAGEMENT_USER_AGENT = 512;

/** The per-message engagement workflow's input: carried over by continue-as-new with the events not yet handled. */
export interface EngagementInput {
  messageId: string;
  pending?: EngagementEvent[];
}

export function sendWorkflowId(messageId: string): string {
  return `send-${messageId}`;
}

/** One engagement workflow per message, taking its opens and clicks by signal. */
export function engagementWorkflowId(messageId: string): string {
  return `engagement-${messageId}`;
}

/** One late-outcome workflow per SNS notification: SNS redelivering it starts nothing new. */
export function lateOutcomeWorkflowId(snsMessageId: string): string {
  return `late-outcome-${snsMessageId}`;
}

/** A one-click unsubscribe of a shared message, to record and announce (workflows/announceUnsubscribe.ts). */
export interface UnsubscribeAnnouncement {
  messageId: string;
  accountId: string;
  /** Null: all mail. */
  topic: string | null;
  /** When the recipient unsubscribed (ISO 8601). */
  at: string;
  /** The link's token: the webhook's recipient is sealed in it, so no address is in the workflow's history. */
  token: string;
}

/** One per message and topic: a repeated POST of the same link starts nothing new. */
export function unsubscribeWorkflowId(messageId: string, topic: string | null): string {
  return `unsubscribe-${messageId}-${topic ?? 'all'}`;
}

/**
 * How core reaches the message workflows without importing them: implemented on Temporal by
 * workflows/client.ts, handed in by the API, the worker, the CLI and the tests.
 */
export interface MessageWorkflows {
  /**
   * Starts `send-<message id>`; starting it again (a retried RPC) attaches to the running one.
   * With `onlyIfNew` (the outbox relay) an existing run, open or closed, is left alone: `exists`.
   * Rejects after `deadline` (epoch ms).
   */
  startSend(input: SendEmailInput, deadline: number, opts?: { onlyIfNew?: boolean }): Promise<'started' | 'exists'>;
  /** Signals a provider outcome to the send workflow; `closed` when it no longer runs. */
  signalOutcome(messageId: string, outcome: ProviderOutcome): Promise<'signalled' | 'closed'>;
  /** Tells a waiting scheduled send it was moved or cancelled (the database already says so); `closed` when it no longer runs. */
  signalSchedule(messageId: string, change: { scheduledAt: string } | 'canceled'): Promise<'signalled' | 'closed'>;
  /** Starts the late-outcome workflow of one SNS notification; `duplicate` when it already did. */
  startLateOutcome(snsMessageId: string, input: LateOutcomeInput): Promise<'started' | 'duplicate'>;
  /** Hands an open or click to the message's engagement workflow, starting it when none runs (signal-with-start). Rejects after `deadline` (epoch ms). */
  signalEngagement(messageId: string, event: EngagementEvent, deadline: number): Promise<void>;
  /** Starts the announcement of a one-click unsubscribe; `duplicate` when this message and topic already had one. */
  startUnsubscribeAnnouncement(input: UnsubscribeAnnouncement): Promise<'started' | 'duplicate'>;
}

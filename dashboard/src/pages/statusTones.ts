// One place for how states read: words and badge tones.
import type { Domain, Email, InboundDomain, TimelineEvent } from '../api';

export const DOMAIN_STATUS: Record<Domain['status'], [string, 'good' | 'warn' | 'bad' | 'neutral']> = {
  verified: ['Verified', 'good'],
  pending_dkim: ['DKIM pending', 'warn'],
  pending_ownership: ['Ownership pending', 'warn'],
  released: ['Released', 'bad'],
};

export const EMAIL_STATUS: Record<Email['status'], 'good' | 'bad' | 'warn' | 'neutral' | 'info'> = {
  scheduled: 'info',
  canceled: 'neutral',
  queued: 'neutral',
  sent: 'info',
  delivered: 'good',
  bounced: 'bad',
  complained: 'bad',
  failed: 'bad',
};

export type Tone = 'good' | 'bad' | 'warn' | 'neutral' | 'info';

/** The tone of each timeline event's dot (a new event type fails to compile until it has one). */
export const TIMELINE_TONE: Record<TimelineEvent['type'], Tone> = {
  scheduled: 'info',
  canceled: 'neutral',
  queued: 'info',
  sent: 'info',
  possible_duplicate: 'warn',
  delivery_delayed: 'warn',
  delivered: 'good',
  bounced: 'bad',
  complained: 'bad',
  failed: 'bad',
  opened: 'good',
  clicked: 'good',
  unsubscribed: 'warn',
  replied: 'good',
};

/** An inbound domain's MX record, as the last check found it. */
export const INBOUND_DOMAIN_STATUS: Record<InboundDomain['status'], [string, 'good' | 'warn']> = {
  verified: ['MX found', 'good'],
  pending: ['MX not found yet', 'warn'],
};

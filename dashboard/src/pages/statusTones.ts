// One place for how states read: words and badge tones.
import type { Domain, Email } from '../api';

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

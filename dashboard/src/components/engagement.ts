// Delivery and engagement rates from the daily counts of GET /api/stats/daily (docs/sending.md,
// "Delivery and engagement statistics"): each outcome over the messages sent, in percent.
import type { DailyStats } from '../api';

export const OUTCOMES = [
  { key: 'delivered', label: 'Delivered', color: '#11633f' },
  { key: 'bounced', label: 'Bounced', color: '#c0392b' },
  { key: 'complained', label: 'Complained', color: '#7a4b00' },
  { key: 'opened', label: 'Opened', color: '#2747d6' },
  { key: 'clicked', label: 'Clicked', color: '#8e44ad' },
] as const;
export type Outcome = (typeof OUTCOMES)[number]['key'];

/** `part` of `sent` in percent, one decimal; null without sends (no rate, not 0 %). */
export function rate(part: number, sent: number): number | null {
  return sent > 0 ? Math.round((part / sent) * 1000) / 10 : null;
}

/** The period's totals. */
export function totals(days: DailyStats): Record<Outcome | 'sent', number> {
  const sum = { sent: 0, delivered: 0, bounced: 0, complained: 0, opened: 0, clicked: 0 };
  for (const d of days) for (const k of Object.keys(sum) as (keyof typeof sum)[]) sum[k] += d[k];
  return sum;
}

/** "12.5 %", or "–" without sends. */
export const percent = (value: number | null) => (value === null ? '–' : `${value.toLocaleString('en')} %`);

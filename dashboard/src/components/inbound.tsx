// What the inbound pages share: the sender checks as badges, sizes in words, a mailbox.
import type { InboundAuthentication } from '../api';
import { Badge } from './page';
import type { Tone } from '../pages/statusTones';

type Verdict = InboundAuthentication['spf'];

/** pass is good, fail bad; the uncertain ones (softfail, errors) a warning; none and neutral say nothing. */
export const VERDICT_TONE: Record<Verdict, Tone> = {
  pass: 'good',
  fail: 'bad',
  softfail: 'warn',
  neutral: 'neutral',
  none: 'neutral',
  temperror: 'warn',
  permerror: 'warn',
};

const CHECKS = [
  ['spf', 'SPF'],
  ['dkim', 'DKIM'],
  ['dmarc', 'DMARC'],
] as const;

/** SPF, DKIM and DMARC in a row of badges ("SPF pass"). */
export function Verdicts({ authentication }: { authentication: InboundAuthentication }) {
  return (
    <span className="verdicts">
      {CHECKS.map(([key, label]) => (
        <Badge key={key} tone={VERDICT_TONE[authentication[key]]}>
          {label} {authentication[key]}
        </Badge>
      ))}
    </span>
  );
}

/** 1 234 bytes as "1.2 KB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** `Ann <ann@example.org>`, or the address alone. */
export function mailbox(m: { address: string; name: string } | null | undefined): string {
  if (!m) return '';
  return m.name ? `${m.name} <${m.address}>` : m.address;
}

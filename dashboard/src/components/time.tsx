// Relative times ("3 minutes ago") with the exact time on hover and for assistive technology.

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

const exact = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'long' });

export function formatRelative(iso: string, now = Date.now()): string {
  const diff = new Date(iso).getTime() - now;
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms || unit === 'second') return relative.format(Math.round(diff / ms), unit);
  }
  return '';
}

/** "3 minutes ago", with the exact time on hover and for assistive technology. */
export function Time({ iso, empty = '—' }: { iso: string | null | undefined; empty?: string }) {
  if (!iso) return <span className="muted">{empty}</span>;
  const full = exact.format(new Date(iso));
  return (
    <time dateTime={iso} title={full}>
      {formatRelative(iso)}
      <span className="visually-hidden"> ({full})</span>
    </time>
  );
}

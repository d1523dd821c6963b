// Receiving email in the fault suite (docs/inbound.md, "How a message is received"): careful
// sending mail servers played by Nodemailer deliver to the MX listener process while the faults
// happen, an endpoint per account logs every email.received it gets, and at the end every message
// the listener answered 250 is accounted for: stored once, its workflow run, announced once by us.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Client as PgClient } from 'pg';
import { contentExpression, MESSAGES_WITH_CONTENT } from '../../core/inbound/storedContent';
import type { Db } from '../../core/platform/db';
import { webhookEventId } from '../../core/webhooks/standardWebhooks';
import { createEndpoint } from '../helpers/fixtures';

/** What a try of one SMTP transaction met. */
export type SmtpAnswer = number | 'no answer' | 'timeout' | 'refused connection';

interface SmtpTry {
  startedAt: number;
  answer: SmtpAnswer;
  /** The recipients this try was for. */
  to: string[];
}

export interface SmtpRecipient {
  address: string;
  accountId: string;
  /** The id the 250 named for this recipient (the listener's "Message accepted: <ids>"). */
  inboundId?: string;
  /** When the try that got the 250 began. */
  acceptedTryStartedAt?: number;
  /** A 5xx, or given up after too many tries: a careful sender's message should never end here. */
  refused?: string;
}

export interface SmtpMessage {
  marker: string;
  recipients: SmtpRecipient[];
  tries: SmtpTry[];
}

export interface SmtpFigures {
  tries: number;
  answers: Map<string, number>;
  longestWaitMs: number;
}

/** A receiving account: its inbound domain (catch-all rule) and the endpoint subscribed to email.received. */
export interface ReceivingAccount {
  accountId: string;
  inboundDomain: string;
  endpointId: string;
}

/** A fault, for telling which receiver duplicates fall in the documented window. */
export interface FaultSpan {
  kind: string;
  from: number;
  to: number;
}

/** The customer's endpoint as a log: each webhook-id with the times it arrived; always 200. */
export interface HookLog {
  url: string;
  seen: Map<string, number[]>;
  close(): Promise<void>;
}

export async function startHookLog(): Promise<HookLog> {
  const seen = new Map<string, number[]>();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['webhook-id'] ?? '');
      if (req.headers['x-service-event'] === 'email.received') seen.set(id, [...(seen.get(id) ?? []), Date.now()]);
      res.statusCode = 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/received`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Receiving for a sender account as the management routes leave it (rows as the inbound migration
 * defines them): `in.<its domain>` with a catch-all rule naming no endpoint (so every endpoint
 * subscribed to email.received), and one such endpoint, the hook log.
 */
export async function seedReceiving(
  db: Db,
  secretKey: string,
  sender: { accountId: string; domain: string },
  hookUrl: string,
): Promise<ReceivingAccount> {
  const parent = await db('domains').where({ name: sender.domain }).first<{ id: string }>('id');
  const inboundDomain = `in.${sender.domain}`;
  const [row] = await db('inbound_domains')
    .insert({ account_id: sender.accountId, domain_id: parent.id, name: inboundDomain })
    .returning<{ id: string }[]>('id');
  await db('inbound_rules').insert({
    account_id: sender.accountId,
    inbound_domain_id: row!.id,
    match: '*',
    kind: 'catch_all',
  });
  const { endpoint } = await createEndpoint(db, secretKey, sender.accountId, hookUrl, ['email.received']);
  return { accountId: sender.accountId, inboundDomain, endpointId: endpoint.id };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The suite's drain: polls `look` every second until it reports done, or until its count of
 * settled items has not grown for `stallMs` (what is left then is stuck, and the checks say so),
 * or `capMs` passed. The worker's backlog after the traffic depends on the machine (the API
 * accepts faster than one worker sends), so a fixed wait either fails a slow machine or waits
 * long on a fast one. Returns how long it waited.
 */
export async function drain(
  look: () => Promise<{ done: boolean; settled: number }>,
  opts: { stallMs: number; capMs: number },
): Promise<number> {
  const started = Date.now();
  let best = -1;
  let movedAt = started;
  for (;;) {
    const seen = await look().catch(() => undefined);
    if (seen?.done) break;
    if (seen && seen.settled > best) [best, movedAt] = [seen.settled, Date.now()];
    if (Date.now() - movedAt > opts.stallMs || Date.now() - started > opts.capMs) break;
    await sleep(1000);
  }
  return Date.now() - started;
}

const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** How long a try may wait for any one reply before the sender gives up on it (a 'timeout'). */
export const SMTP_SOCKET_TIMEOUT_MS = 30_000;

/**
 * A careful sending mail server: one message after another (one in four for two recipients, of
 * two accounts or one; one in five with an attachment), each composed once so that every retry
 * sends the same bytes, as a queue does. A 250 accepts the recipients taken at RCPT; a 4xx (at any
 * stage, or for one recipient), a dropped connection or a timeout means the same message again
 * later to the recipients not yet accepted; a 5xx is a refusal (which a careful sender should never
 * meet here).
 */
export async function carefulSmtpClient(opts: {
  client: number;
  port: number;
  accounts: ReceivingAccount[];
  random: () => number;
  sending: () => boolean;
  messages: SmtpMessage[];
  figures: SmtpFigures;
}): Promise<void> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: opts.port,
    secure: false,
    ignoreTLS: true,
    name: `sender-${opts.client}.example.org`,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
  });
  const pick = () => opts.accounts[Math.floor(opts.random() * opts.accounts.length)]!;
  try {
    for (let n = 0; opts.sending(); n++) {
      const marker = `fx${opts.client}-${n}-${randomUUID().slice(0, 8)}`;
      const first = pick();
      const recipients: SmtpRecipient[] = [{ address: `${marker}@${first.inboundDomain}`, accountId: first.accountId }];
      if (opts.random() < 0.25) {
        const second = pick();
        recipients.push({ address: `${marker}.cc@${second.inboundDomain}`, accountId: second.accountId });
      }
      const raw = await new MailComposer({
        from: { name: `Sender ${opts.client}`, address: `ann-${opts.client}@sender.example.org` },
        to: recipients.map((r) => r.address),
        subject: `Inbound fault run ${marker}`,
        messageId: `<${marker}@sender.example.org>`,
        date: new Date(),
        text: `Hello from ${marker}.`,
        ...(opts.random() < 0.2
          ? { attachments: [{ filename: 'note.txt', content: `attachment of ${marker}`, contentType: 'text/plain' }] }
          : {}),
      })
        .compile()
        .build();
      const message: SmtpMessage = { marker, recipients, tries: [] };
      opts.messages.push(message);
      await deliver(transport, message, raw, `bounces+${marker}@sender.example.org`, opts.figures);
      // About one message a second per client, a tenth as many as the API clients send: the
      // worker's backlog, and so the suite's time, stays about what it was without them.
      await sleep(500 + opts.random() * 1000);
    }
  } finally {
    transport.close();
  }
}

type Transport = ReturnType<typeof nodemailer.createTransport>;

async function deliver(
  transport: Transport,
  message: SmtpMessage,
  raw: Buffer,
  from: string,
  figures: SmtpFigures,
): Promise<void> {
  const count = (answer: SmtpAnswer) => {
    const key = typeof answer === 'number' ? String(answer) : answer;
    figures.answers.set(key, (figures.answers.get(key) ?? 0) + 1);
  };
  for (let tries = 0; ; tries++) {
    const pending = message.recipients.filter((r) => r.inboundId === undefined && r.refused === undefined);
    if (pending.length === 0) return;
    if (tries > 400) {
      for (const r of pending) r.refused = 'gave up after 400 tries';
      return;
    }
    const startedAt = Date.now();
    figures.tries += 1;
    let answer: SmtpAnswer;
    try {
      const info = await transport.sendMail({ envelope: { from, to: pending.map((r) => r.address) }, raw });
      answer = Number(String(info.response).slice(0, 3));
      const accepted = new Set((info.accepted as (string | { address: string })[]).map(addressOf));
      const ids = String(info.response).match(UUIDS) ?? [];
      const taken = pending.filter((r) => accepted.has(r.address.toLowerCase()));
      taken.forEach((r, i) => {
        // The listener names one id per accepted recipient, in RCPT order.
        r.inboundId = ids[i] ?? 'unnamed';
        r.acceptedTryStartedAt = startedAt;
      });
      for (const rejected of (info.rejectedErrors ?? []) as { recipient?: string; responseCode?: number }[]) {
        count(rejected.responseCode ?? 'no answer');
        if ((rejected.responseCode ?? 0) >= 500) {
          const r = pending.find((p) => p.address.toLowerCase() === rejected.recipient?.toLowerCase());
          if (r) r.refused = `RCPT ${rejected.responseCode}`;
        }
      }
    } catch (err) {
      const e = err as { responseCode?: number; code?: string; message?: string; response?: string };
      if (e.responseCode !== undefined) answer = e.responseCode;
      else if (e.code === 'ETIMEDOUT') answer = 'timeout';
      else if (/ECONNREFUSED/.test(e.message ?? '')) answer = 'refused connection';
      else answer = 'no answer';
      if (typeof answer === 'number' && answer >= 500)
        for (const r of pending) r.refused = `${answer} ${e.response ?? e.message ?? ''}`;
    }
    message.tries.push({ startedAt, answer, to: pending.map((r) => r.address) });
    count(answer);
    figures.longestWaitMs = Math.max(figures.longestWaitMs, Date.now() - startedAt);
    if (message.recipients.every((r) => r.inboundId !== undefined || r.refused !== undefined)) return;
    await sleep(Math.min(2000, 200 * 2 ** Math.min(tries, 4)));
  }
}

const addressOf = (a: string | { address: string }) => (typeof a === 'string' ? a : a.address).toLowerCase();

interface InboundRow {
  id: string;
  account_id: string;
  envelope_to: string;
  received_at: Date;
  started_at: Date | null;
  recorded_at: Date | null;
  parsed: boolean;
}

interface DeliveryCount {
  message_id: string;
  endpoint_id: string;
  count: string;
  /** The latest attempt's outcome (there is one unless a worker died, docs/webhooks.md "Delivery policy"). */
  succeeded: boolean;
  error: string | null;
  status_code: number | null;
  attempted_at: Date;
}

async function readInbound(pg: PgClient): Promise<{ rows: InboundRow[]; deliveries: DeliveryCount[] }> {
  const rows = (
    await pg.query<InboundRow>(
      `SELECT m.id, m.account_id, m.envelope_to, m.received_at, m.started_at, m.recorded_at,
         ${contentExpression('parsed')} IS NOT NULL AS parsed
       FROM ${MESSAGES_WITH_CONTENT}`,
    )
  ).rows;
  const deliveries = (
    await pg.query<DeliveryCount>(
      `SELECT message_id, endpoint_id, count(*) AS count,
         (array_agg(succeeded ORDER BY id DESC))[1] AS succeeded, (array_agg(error ORDER BY id DESC))[1] AS error,
         (array_agg(status_code ORDER BY id DESC))[1] AS status_code, max(attempted_at) AS attempted_at
       FROM webhook_deliveries
       WHERE event_type = 'email.received' AND NOT is_test GROUP BY message_id, endpoint_id`,
    )
  ).rows;
  return { rows, deliveries };
}

/**
 * Waits (up to `timeoutMs`) until every recipient answered 250 has its row recorded, its delivery
 * recorded and its webhook at the hook log; then checks the promises and returns the figures
 * (lines to print) and what broke them (each list expected empty).
 */
export async function accountInbound(
  pg: PgClient,
  input: {
    messages: SmtpMessage[];
    accounts: ReceivingAccount[];
    hooks: HookLog;
    faults: FaultSpan[];
    /**
     * Network faults on the link from the worker to the endpoint: a delivery is one attempt, never
     * retried (docs/webhooks.md, "Delivery policy"), so one made during such a fault may fail; it
     * must then be recorded as failed.
     */
    endpointFaults: FaultSpan[];
    figures: SmtpFigures;
    drain: { stallMs: number; capMs: number };
  },
): Promise<{ lines: string[]; problems: Record<string, unknown[]> }> {
  const recipients = input.messages.flatMap((m) => m.recipients.map((r) => ({ ...r, message: m })));
  const accepted = recipients.filter((r) => r.inboundId !== undefined);
  const endpointOf = new Map(input.accounts.map((a) => [a.accountId, a.endpointId]));
  const hookId = (inboundId: string) => webhookEventId(inboundId, 'email.received');

  let read: { rows: InboundRow[]; deliveries: DeliveryCount[] } = { rows: [], deliveries: [] };
  const drainMs = await drain(async () => {
    read = await readInbound(pg);
    const byAddress = new Map(read.rows.map((r) => [r.envelope_to, r]));
    const delivered = new Map(read.deliveries.map((d) => [d.message_id, d]));
    const settled = accepted.filter((r) => {
      const row = byAddress.get(r.address.toLowerCase());
      const delivery = row && delivered.get(row.id);
      return (
        row && row.recorded_at !== null && delivery && (input.hooks.seen.has(hookId(row.id)) || !delivery.succeeded)
      );
    }).length;
    return { done: settled === accepted.length, settled };
  }, input.drain);

  const rowsByAddress = new Map<string, InboundRow[]>();
  for (const row of read.rows) rowsByAddress.set(row.envelope_to, [...(rowsByAddress.get(row.envelope_to) ?? []), row]);
  const acceptedAddresses = new Set(accepted.map((r) => r.address.toLowerCase()));
  const unanswered = (m: SmtpMessage) =>
    m.tries.filter((t) => t.answer === 'no answer' || t.answer === 'timeout').length;

  const refused = recipients
    .filter((r) => r.refused !== undefined)
    .map((r) => ({ address: r.address, why: r.refused }));
  const lost = accepted.filter((r) => !rowsByAddress.has(r.address.toLowerCase())).map((r) => r.address);
  // The 250 names what was stored: the id it gave is the row's.
  const misnamed = accepted
    .filter((r) => {
      const rows = rowsByAddress.get(r.address.toLowerCase());
      return rows && !rows.some((row) => row.id === r.inboundId);
    })
    .map((r) => ({
      address: r.address,
      named: r.inboundId,
      stored: rowsByAddress.get(r.address.toLowerCase())!.map((x) => x.id),
    }));
  // A retry of a message already stored (its 250 lost with a dropped connection, or a 451 after
  // another recipient failed) is the same bytes: the listener's source id makes it the same row
  // (mx/listener.ts, mxSourceId). So more than one row for a recipient is a duplicate we made,
  // even after a lost 250; it is printed with how many of its tries got no answer.
  const duplicateRows = [...rowsByAddress.entries()]
    .filter(([, rows]) => rows.length > 1)
    .map(([address, rows]) => {
      const message = recipients.find((r) => r.address.toLowerCase() === address)?.message;
      return { address, rows: rows.length, triesWithoutAnswer: message ? unanswered(message) : null };
    });
  // Stored during an earlier try than the one whose 250 named it: that try's answer was lost (or a
  // 451 for the transaction's other recipient), and the retry was answered with the same id.
  const deduplicated = accepted.filter((r) => {
    const row = rowsByAddress.get(r.address.toLowerCase())?.find((x) => x.id === r.inboundId);
    return row && new Date(row.received_at).getTime() < r.acceptedTryStartedAt! - 5;
  });
  const lost250s = deduplicated.filter((r) => unanswered(r.message) > 0).length;
  const orphans = read.rows.filter((row) => !acceptedAddresses.has(row.envelope_to)).map((row) => row.envelope_to);
  const unrecorded = read.rows.filter((row) => row.recorded_at === null).map((row) => row.id);
  // Recorded means its workflow ran from the first step, which marks it started and parses it: a
  // row without started_at is one the relay keeps starting, and one without its parse was
  // announced without its content.
  const unparsed = read.rows
    .filter((row) => row.recorded_at !== null && (row.started_at === null || !row.parsed))
    .map((row) => ({ id: row.id, started: row.started_at !== null, parsed: row.parsed }));

  const deliveryCount = new Map(read.deliveries.map((d) => [`${d.message_id}/${d.endpoint_id}`, Number(d.count)]));
  const notOneDelivery = read.rows
    .map((row) => ({ id: row.id, recorded: deliveryCount.get(`${row.id}/${endpointOf.get(row.account_id)}`) ?? 0 }))
    .filter((d) => d.recorded !== 1);
  const strayDeliveries = read.deliveries.filter((d) => {
    const row = read.rows.find((r) => r.id === d.message_id);
    return !row || endpointOf.get(row.account_id) !== d.endpoint_id;
  });
  const deliveryOf = new Map(read.deliveries.map((d) => [d.message_id, d]));
  const missed = read.rows.filter((row) => !input.hooks.seen.has(hookId(row.id)));
  // Missed and recorded as failed, the attempt within a fault on the endpoint's link (it began at
  // most WEBHOOK_TIMEOUT_MS, 5 s, before its record): the policy's one attempt, not a loss.
  const failedInFault = missed.filter((row) => {
    const d = deliveryOf.get(row.id);
    if (!d || d.succeeded) return false;
    const at = new Date(d.attempted_at).getTime();
    return input.endpointFaults.some((f) => at >= f.from - 6000 && at <= f.to + 6000);
  });
  const notAtReceiver = missed
    .filter((row) => !failedInFault.includes(row))
    .map((row) => ({ id: row.id, delivery: deliveryOf.get(row.id) }));
  // The endpoint got an event twice only when its worker died (SIGKILL) or PostgreSQL went away
  // between the POST and the record of it: the delivery ran again and found no record
  // (docs/webhooks.md, "Delivery policy"). Any other second copy is ours to prevent.
  // A network fault between the worker and PostgreSQL is the same window.
  const window = (kind: string) =>
    kind === 'worker SIGKILL' || kind === 'pg restart' || kind.startsWith('worker→postgres');
  const receiverDuplicates = [...input.hooks.seen.entries()].filter(([, times]) => times.length > 1);
  const unexplainedDuplicates = receiverDuplicates
    .filter(([, times]) => {
      const [first, last] = [times[0]!, times[times.length - 1]!];
      return !input.faults.some((f) => window(f.kind) && f.to >= first - 1000 && f.from <= last);
    })
    .map(([id, times]) => ({ id, times: times.map((t) => new Date(t).toISOString()) }));
  const knownIds = new Set(read.rows.map((row) => hookId(row.id)));
  const unknownHooks = [...input.hooks.seen.keys()].filter((id) => !knownIds.has(id));

  const usage = (
    await pg.query<{ account_id: string; count: string }>(
      'SELECT account_id, sum(count) AS count FROM inbound_usage GROUP BY account_id',
    )
  ).rows;
  const miscounted = input.accounts
    .map((a) => ({
      account: a.accountId,
      counted: Number(usage.find((u) => u.account_id === a.accountId)?.count ?? 0),
      rows: read.rows.filter((row) => row.account_id === a.accountId).length,
    }))
    .filter((c) => c.counted !== c.rows);

  const answers = [...input.figures.answers.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
  const lines = [
    `faults: smtp: ${input.figures.tries} tries (${answers}), ${input.messages.length} messages to ${recipients.length} recipients, ${accepted.length} accepted (250), ${refused.length} refused, longest wait ${input.figures.longestWaitMs} ms`,
    `faults: received: ${read.rows.length} stored, lost ${lost.length}, not recorded ${unrecorded.length}, recorded unparsed ${unparsed.length} (drain ${Math.round(drainMs / 1000)} s), duplicate rows ${duplicateRows.length}; SMTP's window: ${lost250s} lost 250s and ${deduplicated.length - lost250s} 451s after a commit, each retried into the same row`,
    `faults: email.received: ${read.rows.length - notOneDelivery.length} recorded once, ${notOneDelivery.length} not exactly once; the endpoint missed ${notAtReceiver.length} (and ${failedInFault.length} whose one attempt failed, recorded, during a fault on its link), got ${receiverDuplicates.length} twice (${receiverDuplicates.length - unexplainedDuplicates.length} in the documented window, ${unexplainedDuplicates.length} not)`,
  ];
  return {
    lines,
    problems: {
      refused,
      lost,
      misnamed,
      duplicateRows,
      orphans,
      unrecorded,
      unparsed,
      notOneDelivery,
      strayDeliveries,
      notAtReceiver,
      unexplainedDuplicates,
      unknownHooks,
      miscounted,
    },
  };
}

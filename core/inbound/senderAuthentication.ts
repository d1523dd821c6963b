// Sender checks of a message received by the MX listener (docs/inbound.md, "Authentication"):
// SPF (client IP, HELO, MAIL FROM), DKIM, DMARC and ARC by mailauth, DNS through the resolvers of
// DNS_SERVERS. The whole check has one hard deadline: when it passes, the DNS queries still out
// are cancelled, any new one fails at once, the message's bytes stop flowing into mailauth (its
// hashing stops with them), and the verdicts are `temperror` (the message is still announced; a
// slow DNS or a message built to be slow to check never holds or fails the workflow). Only the
// first MAX_DKIM_SIGNATURES signatures are checked, and a message whose checks were begun
// SENDER_CHECK_TRIES times without ending is recorded with `temperror`. Messages from SES
// receiving keep SES's own verdicts: their row has them already, and nothing is checked.
import { Resolver } from 'node:dns/promises';
import { Readable } from 'node:stream';
import { authenticate, type AuthenticateOptions, type DNSResolver } from 'mailauth';
import { AUTH_VERDICTS, type AuthVerdict, type AuthVerdicts } from '../model/inbound';
import type { Db } from '../platform/db';
import { endOfHeaderBlock } from './headerCheck';
import { receivedRaw } from './storedContent';

/** The deadline of all of one message's checks together. */
export const AUTHENTICATION_DEADLINE_MS = 10_000;

/**
 * DKIM-Signature fields checked per message; those below them (older: each hop adds its own on
 * top) are left out. Each signature with its own `l=` is one more pass over the whole body.
 */
export const MAX_DKIM_SIGNATURES = 5;

/** Tries of the checks that reached a message (its worker died on the check, or PostgreSQL failed after) before it gets `temperror` unchecked. */
export const SENDER_CHECK_TRIES = 3;

/** Bytes handed to mailauth per turn of the event loop: the deadline is looked at between slices. */
const SLICE_BYTES = 64 * 1024;

export const TEMPERROR_VERDICTS: AuthVerdicts = {
  spf: 'temperror',
  dkim: 'temperror',
  dmarc: 'temperror',
  arc: 'temperror',
};

/** A verdict as mailauth words it, in ours: `temperr` is its old spelling, `policy` a signature refused by policy (a weak key). */
export function verdictOf(result: string | undefined): AuthVerdict {
  if (result === undefined) return 'none';
  if (result === 'temperr') return 'temperror';
  if (result === 'policy') return 'fail';
  if (result === 'skipped' || result === 'declined') return 'none';
  return (AUTH_VERDICTS as readonly string[]).includes(result) ? (result as AuthVerdict) : 'neutral';
}

/** One message's DKIM verdict from its signatures: `pass` when one passes, `none` without any, else the first's. */
function dkimVerdict(results: { status: { result: string } }[]): AuthVerdict {
  if (results.length === 0) return 'none';
  if (results.some((r) => r.status.result === 'pass')) return 'pass';
  return verdictOf(results[0]!.status.result);
}

class DeadlinePassed extends Error {
  readonly code = 'ETIMEOUT';
}

/**
 * A mailauth resolver on DNS_SERVERS (the system's when empty) that stops at `signal`: queries in
 * flight are cancelled and later ones fail with ETIMEOUT, which mailauth reads as a temporary error.
 */
export function deadlineResolver(servers: string[], signal: AbortSignal): DNSResolver {
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  if (servers.length > 0) resolver.setServers(servers);
  signal.addEventListener('abort', () => resolver.cancel(), { once: true });
  return async (domain, rrtype) => {
    if (signal.aborted) throw new DeadlinePassed(`DNS deadline passed before ${rrtype} ${domain}`);
    // Resolver.resolve answers each type in its own shape (TXT chunks, MX objects), as mailauth's default does.
    const answer: unknown = await resolver.resolve(domain, rrtype);
    return answer as string[][] | string[];
  };
}

/**
 * The message with only its first MAX_DKIM_SIGNATURES DKIM-Signature fields: each one more, with its
 * own `l=`, is one more pass of mailauth's hashing over the whole body. The header block is looked
 * for in the whole message (the trace line in front may push its end past the MX listener's limit),
 * and a message without an empty line is all header block. The message itself when it has no more.
 */
export function withSignaturesCapped(raw: Buffer, max = MAX_DKIM_SIGNATURES): Buffer {
  const end = endOfHeaderBlock(raw) ?? raw.length;
  // One entry per field: a line that starts with whitespace continues the field before it.
  const fields = raw
    .subarray(0, end)
    .toString('latin1')
    .split(/(?<=\n)(?=[^ \t])/);
  let signatures = 0;
  const kept = fields.filter((field) => !/^dkim-signature[ \t]*:/i.test(field) || ++signatures <= max);
  if (kept.length === fields.length) return raw;
  return Buffer.concat([Buffer.from(kept.join(''), 'latin1'), raw.subarray(end)]);
}

/**
 * The message in slices, one per turn of the event loop, ending in an error once `signal` aborts.
 * mailauth hashes the bytes as they come, so its work stops with them; a timer raced against a
 * hash of the whole message at once could only fire once the hash had ended.
 */
function slicesUntil(raw: Buffer, signal: AbortSignal): Readable {
  let offset = 0;
  return new Readable({
    read() {
      setImmediate(() => {
        if (signal.aborted) return void this.destroy(new DeadlinePassed('sender checks stopped at their deadline'));
        const end = Math.min(offset + SLICE_BYTES, raw.length);
        this.push(raw.subarray(offset, end));
        offset = end;
        if (offset >= raw.length) this.push(null);
      });
    },
  });
}

/**
 * mailauth's checks of one raw message, within `deadlineMs`; any failure (the deadline, a DNS or
 * parse error mailauth throws) is `temperror` for all four.
 */
export async function authenticateMessage(
  raw: Buffer,
  envelope: { clientIp: string | null; helo: string | null; mailFrom: string; mta?: string },
  opts: { dnsServers: string[]; deadlineMs?: number; signal?: AbortSignal },
): Promise<AuthVerdicts> {
  const stop = new AbortController();
  const onOuterAbort = () => stop.abort();
  opts.signal?.addEventListener('abort', onOuterAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      stop.abort();
      reject(new DeadlinePassed('sender checks took longer than their deadline'));
    }, opts.deadlineMs ?? AUTHENTICATION_DEADLINE_MS);
  });
  const options: AuthenticateOptions = {
    resolver: deadlineResolver(opts.dnsServers, stop.signal),
    sender: envelope.mailFrom,
    ...(envelope.clientIp ? { ip: envelope.clientIp } : {}),
    ...(envelope.helo ? { helo: envelope.helo } : {}),
    ...(envelope.mta ? { mta: envelope.mta } : {}),
    disableBimi: true,
    trustReceived: false,
  };
  try {
    const result = await Promise.race([
      authenticate(slicesUntil(withSignaturesCapped(raw), stop.signal), options),
      deadline,
    ]);
    return {
      // No client IP (not an MX delivery): nothing to check SPF against.
      spf: envelope.clientIp && result.spf ? verdictOf(result.spf.status.result) : 'none',
      dkim: dkimVerdict(result.dkim.results),
      dmarc: result.dmarc ? verdictOf(result.dmarc.status.result) : 'none',
      arc: result.arc ? verdictOf(result.arc.status.result) : 'none',
    };
  } catch {
    return TEMPERROR_VERDICTS;
  } finally {
    clearTimeout(timer);
    stop.abort(); // nothing of this check may still be waiting on DNS
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }
}

/**
 * The activity's work: checks a message that has no verdicts yet and stores them; `skipped` for a
 * message that has them (SES receiving) or is gone. Each try that reaches the message is counted
 * first, so that a message whose checks never end (they kill their worker) stops being checked:
 * past SENDER_CHECK_TRIES it is given `temperror` without a check.
 */
export async function checkAndStoreVerdicts(
  db: Db,
  inboundId: string,
  opts: { dnsServers: string[]; deadlineMs?: number; signal?: AbortSignal },
): Promise<'checked' | 'skipped'> {
  const row = await db('inbound_messages')
    .where({ id: inboundId })
    .whereNull('verdicts')
    .increment('sender_check_tries', 1)
    .returning<{ sender_check_tries: number; client_ip: string | null; helo: string | null; envelope_from: string }[]>([
      'sender_check_tries',
      'client_ip',
      'helo',
      'envelope_from',
    ])
    .then((rows) => rows[0]);
  if (!row) return 'skipped';
  let verdicts = TEMPERROR_VERDICTS;
  if (row.sender_check_tries <= SENDER_CHECK_TRIES) {
    const raw = await receivedRaw(db, inboundId);
    if (raw === undefined) return 'skipped';
    verdicts = await authenticateMessage(
      raw,
      { clientIp: row.client_ip, helo: row.helo, mailFrom: row.envelope_from },
      opts,
    );
  }
  await db('inbound_messages')
    .where({ id: inboundId })
    .whereNull('verdicts')
    .update({ verdicts: JSON.stringify(verdicts) });
  return 'checked';
}

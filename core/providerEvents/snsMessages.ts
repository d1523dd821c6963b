// Amazon SNS HTTP(S) deliveries (SES event notifications). Before anything in a message is
// believed: its topic must be one we subscribed to, it must be recent, its signing certificate
// must come over HTTPS from SNS's own host in the topic's region, and its signature (version 1:
// SHA1withRSA, 2: SHA256withRSA over SNS's documented "Key\nvalue\n" string) must verify.
//
// Written on node:crypto rather than sns-validator: that package keeps every certificate it ever
// fetched in an unbounded module-wide cache, fetches with no deadline and matches hosts with a
// pattern (an S3 bucket named `sns` passed it). Certificates are cached here in a bounded LRU.
import { createVerify, X509Certificate, type KeyObject } from 'node:crypto';
import https from 'node:https';
import { LRUCache } from 'lru-cache';
import type { ErrorAnswer } from '../model/errorCodes';
import type { Config } from '../platform/config';

export type SnsMessageType = 'Notification' | 'SubscriptionConfirmation' | 'UnsubscribeConfirmation';

export interface SnsMessage {
  Type: SnsMessageType;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SubscribeURL?: string;
}

export type SnsRejectionCode =
  'invalid_sns_message' | 'unexpected_topic' | 'stale_message' | 'invalid_signature' | 'certificate_unavailable';

/**
 * How POST /provider/ses-events answers each rejection (its own error table: the caller is SNS).
 * 400 and 403: the message must not be acted on; 503: our side could not check it now, so SNS
 * delivers it again later.
 */
export const SNS_REJECTIONS = {
  invalid_sns_message: { status: 400, retry: 'no' },
  unexpected_topic: { status: 403, retry: 'no' },
  stale_message: { status: 403, retry: 'no' },
  invalid_signature: { status: 403, retry: 'no' },
  certificate_unavailable: { status: 503, retry: 'yes: SNS delivers it again later' },
} as const satisfies Record<SnsRejectionCode, ErrorAnswer>;

/** A message not to act on; its status comes from SNS_REJECTIONS, never from the thrower. */
export class SnsRejection extends Error {
  constructor(
    readonly code: SnsRejectionCode,
    message: string,
  ) {
    super(message);
  }

  get status(): (typeof SNS_REJECTIONS)[SnsRejectionCode]['status'] {
    return SNS_REJECTIONS[this.code].status;
  }
}

// The fields each type signs, in SNS's order; a field is signed only when present.
const SIGNED_FIELDS: Record<SnsMessageType, readonly string[]> = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  SubscriptionConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
  UnsubscribeConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
};
const TYPES = Object.keys(SIGNED_FIELDS) as SnsMessageType[];
const ALGORITHMS: ReadonlyMap<string, string> = new Map([
  ['1', 'RSA-SHA1'],
  ['2', 'RSA-SHA256'],
]);
const TOPIC_ARN = /^arn:aws(-cn|-us-gov)?:sns:([a-z0-9-]+):\d{12}:[A-Za-z0-9_.-]+$/;
/** A message may be at most this far ahead of our clock (clock skew). */
const MAX_FUTURE_SKEW_MS = 15 * 60_000;
const MAX_CERTIFICATE_BYTES = 64 * 1024;

/** `sns.<region>.amazonaws.com` (`.com.cn` in China) of the topic, the only host SNS signs from. */
export function snsHostOfTopic(topicArn: string): string | undefined {
  const match = TOPIC_ARN.exec(topicArn);
  if (!match) return undefined;
  return `sns.${match[2]}.amazonaws.com${match[1] === '-cn' ? '.cn' : ''}`;
}

/** GET over HTTPS with one deadline for the whole exchange; the body as text, size-bounded. */
export function httpsGetText(
  url: URL,
  opts: { timeoutMs: number; maxBytes: number },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = https.get(url, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > opts.maxBytes) req.destroy(new Error(`the answer is larger than ${opts.maxBytes} bytes`));
        else chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    const deadline = setTimeout(() => req.destroy(new Error(`no answer within ${opts.timeoutMs} ms`)), opts.timeoutMs);
    req.on('close', () => clearTimeout(deadline));
    req.on('error', reject);
  });
}

export type CertificateFetcher = (url: URL) => Promise<string>;

export class SnsVerifier {
  /** Each certificate's public key, parsed once: verifying with the PEM would parse it for every message. */
  private readonly certificates: LRUCache<string, KeyObject>;
  private readonly fetchCertificate: CertificateFetcher;

  constructor(
    private readonly settings: Config['outcomes'],
    /** Tests may count fetches; the default downloads over HTTPS within SNS_CERT_TIMEOUT_MS. */
    fetchCertificate?: CertificateFetcher,
  ) {
    this.certificates = new LRUCache({ max: settings.snsCertCacheSize, ttl: 24 * 3600_000 });
    this.fetchCertificate = fetchCertificate ?? ((url) => this.download(url));
  }

  /** Certificates held in memory now (at most SNS_CERT_CACHE_SIZE). */
  get cachedCertificates(): number {
    return this.certificates.size;
  }

  /** The verified message; throws SnsRejection for anything we must not act on. */
  async verify(rawBody: string, now = Date.now()): Promise<SnsMessage> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      throw new SnsRejection('invalid_sns_message', 'the body is not JSON');
    }
    const m = (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : {}) as Record<
      string,
      unknown
    >;
    const type = m.Type;
    if (typeof type !== 'string' || !TYPES.includes(type as SnsMessageType))
      throw new SnsRejection('invalid_sns_message', 'not an SNS message');
    const signed = SIGNED_FIELDS[type as SnsMessageType];
    const required = [...signed.filter((f) => f !== 'Subject'), 'Signature', 'SignatureVersion', 'SigningCertURL'];
    const missing = required.filter((f) => typeof m[f] !== 'string');
    if (missing.length > 0 || (m.Subject !== undefined && typeof m.Subject !== 'string')) {
      throw new SnsRejection(
        'invalid_sns_message',
        `not an SNS message: ${missing.length ? `${missing.join(', ')} missing or not text` : 'Subject is not text'}`,
      );
    }
    const fields = m as Record<string, string>;

    // Checked before the signature so a stranger's message costs no certificate download.
    if (!this.settings.snsTopicArns.includes(fields.TopicArn!))
      throw new SnsRejection('unexpected_topic', 'this topic is not one Postage subscribed to');
    const sentAt = Date.parse(fields.Timestamp!);
    if (!Number.isFinite(sentAt)) throw new SnsRejection('invalid_sns_message', 'the Timestamp is not a time');
    if (now - sentAt > this.settings.snsMaxMessageAgeSeconds * 1000 || sentAt - now > MAX_FUTURE_SKEW_MS) {
      throw new SnsRejection(
        'stale_message',
        `the message was sent at ${fields.Timestamp}, outside the accepted window of ${this.settings.snsMaxMessageAgeSeconds} s`,
      );
    }
    const algorithm = ALGORITHMS.get(fields.SignatureVersion!);
    if (!algorithm)
      throw new SnsRejection('invalid_signature', `SignatureVersion ${fields.SignatureVersion} is not supported`);
    const certUrl = this.snsUrl(fields.SigningCertURL!, fields.TopicArn!, 'the signing certificate');
    if (!certUrl.pathname.endsWith('.pem'))
      throw new SnsRejection('invalid_signature', 'the signing certificate URL is not a .pem file');

    const certificate = await this.certificate(certUrl);
    const canonical = signed
      .filter((f) => f in fields)
      .map((f) => `${f}\n${fields[f]}\n`)
      .join('');
    let valid = false;
    try {
      valid = createVerify(algorithm).update(canonical, 'utf8').verify(certificate, fields.Signature!, 'base64');
    } catch {
      valid = false;
    }
    if (!valid) throw new SnsRejection('invalid_signature', 'the signature does not verify with the topic certificate');
    return fields as unknown as SnsMessage;
  }

  /** Confirms a subscription by visiting its SubscribeURL (only on the topic's SNS host, over HTTPS). */
  async confirmSubscription(message: SnsMessage): Promise<void> {
    const url = this.snsUrl(message.SubscribeURL ?? '', message.TopicArn, 'the SubscribeURL');
    const { status } = await httpsGetText(url, {
      timeoutMs: this.settings.snsCertTimeoutMs,
      maxBytes: MAX_CERTIFICATE_BYTES,
    });
    if (status !== 200) throw new Error(`SNS answered HTTP ${status} to the subscription confirmation`);
  }

  /** `value` as an HTTPS URL on SNS's host for the topic (or SNS_CERT_HOST in development). */
  private snsUrl(value: string, topicArn: string, what: string): URL {
    const expectedHost = this.settings.snsCertHost ?? snsHostOfTopic(topicArn);
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new SnsRejection('invalid_signature', `${what} is not a URL`);
    }
    if (url.protocol !== 'https:' || url.username || url.password || !expectedHost || url.host !== expectedHost) {
      throw new SnsRejection(
        'invalid_signature',
        `${what} is not on ${expectedHost ?? "the topic's SNS host"} over HTTPS`,
      );
    }
    return url;
  }

  private async certificate(url: URL): Promise<KeyObject> {
    const cached = this.certificates.get(url.href);
    if (cached) return cached;
    let key: KeyObject;
    try {
      // Only a certificate is worth keeping (X509Certificate refuses anything else).
      key = new X509Certificate(await this.fetchCertificate(url)).publicKey;
    } catch (err) {
      throw new SnsRejection(
        'certificate_unavailable',
        `the signing certificate could not be fetched: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    this.certificates.set(url.href, key);
    return key;
  }

  private async download(url: URL): Promise<string> {
    const { status, body } = await httpsGetText(url, {
      timeoutMs: this.settings.snsCertTimeoutMs,
      maxBytes: MAX_CERTIFICATE_BYTES,
    });
    if (status !== 200) throw new Error(`HTTP ${status}`);
    return body;
  }
}

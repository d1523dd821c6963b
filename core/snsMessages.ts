// Amazon SNS HTTP(S) deliveries (SES event notifications): the topic must be one we expect, the
// signature is checked by AWS's own validator (sns-validator: signing certificate fetched over
// HTTPS from a host matching SNS_CERT_HOST_PATTERN, SignatureVersion 1 and 2), and a
// subscription is confirmed by visiting its SubscribeURL.
import https from 'node:https';
import MessageValidator from 'sns-validator';
import type { Config } from './config';

export type SnsMessageType = 'Notification' | 'SubscriptionConfirmation' | 'UnsubscribeConfirmation';

export interface SnsMessage {
  Type: SnsMessageType;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SubscribeURL?: string;
}

export class SnsRejection extends Error {
  constructor(
    readonly status: 400 | 403,
    readonly code: 'invalid_sns_message' | 'unexpected_topic' | 'invalid_signature',
    message: string,
  ) {
    super(message);
  }
}

const TYPES: readonly SnsMessageType[] = ['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation'];

export class SnsVerifier {
  private readonly validator: MessageValidator;
  private readonly hostPattern: RegExp;

  constructor(private readonly settings: Config['outcomes']) {
    this.hostPattern = new RegExp(settings.snsCertHostPattern);
    this.validator = new MessageValidator(this.hostPattern);
  }

  /** The verified message; throws SnsRejection for anything we must not act on. */
  async verify(rawBody: string): Promise<SnsMessage> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      throw new SnsRejection(400, 'invalid_sns_message', 'the body is not JSON');
    }
    const m = parsed as Partial<SnsMessage> | null;
    if (!m || typeof m !== 'object' || !TYPES.includes(m.Type as SnsMessageType) || typeof m.MessageId !== 'string' || typeof m.Message !== 'string') {
      throw new SnsRejection(400, 'invalid_sns_message', 'not an SNS message');
    }
    // Checked before the signature so a stranger's topic costs no certificate fetch.
    if (typeof m.TopicArn !== 'string' || !this.settings.snsTopicArns.includes(m.TopicArn)) {
      throw new SnsRejection(403, 'unexpected_topic', 'this topic is not one Postage subscribed to');
    }
    await new Promise<void>((resolve, reject) =>
      this.validator.validate(parsed as Record<string, unknown>, (err) => (err ? reject(new SnsRejection(403, 'invalid_signature', `signature check failed: ${err.message}`)) : resolve())),
    );
    return m as SnsMessage;
  }

  /** Confirms a subscription by visiting its SubscribeURL (only on an SNS host over HTTPS). */
  async confirmSubscription(message: SnsMessage, timeoutMs = 5000): Promise<void> {
    const url = new URL(message.SubscribeURL ?? '');
    if (url.protocol !== 'https:' || !this.hostPattern.test(url.host)) {
      throw new SnsRejection(403, 'invalid_sns_message', 'the SubscribeURL is not on an SNS host');
    }
    await new Promise<void>((resolve, reject) => {
      const req = https.get(url, (res) => {
        res.resume();
        if (res.statusCode === 200) resolve();
        else reject(new Error(`SNS answered HTTP ${res.statusCode} to the subscription confirmation`));
      });
      req.setTimeout(timeoutMs, () => req.destroy(new Error('SNS did not answer the subscription confirmation in time')));
      req.on('error', reject);
    });
  }
}

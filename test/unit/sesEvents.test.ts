// SES notifications (both SES formats) as SNS carries them, turned into outcomes with no address.
import fs from 'node:fs';
import net from 'node:net';
import { loadConfig, type Config } from '../../core/platform/config';
import { parseSesEvent } from '../../core/providerEvents/sesEvents';
import { snsHostOfTopic, SnsVerifier } from '../../core/providerEvents/snsMessages';
import { startLocalSns, type LocalSns } from '../../tools/stack/localSns';

const mail = { messageId: '0100018c-ses-id', timestamp: '2026-11-20T10:00:00.000Z', destination: ['ann@example.org'] };

test('identity notifications: delivery, permanent and transient bounces, complaints', () => {
  expect(
    parseSesEvent(
      JSON.stringify({
        notificationType: 'Delivery',
        mail,
        delivery: {
          timestamp: '2026-11-20T10:00:02.000Z',
          smtpResponse: '250 2.0.0 OK <ann@example.org>',
          recipients: ['ann@example.org'],
        },
      }),
    ),
  ).toEqual({
    ok: true,
    sesMessageId: mail.messageId,
    outcome: { type: 'delivered', at: '2026-11-20T10:00:02.000Z', smtpResponse: '250 2.0.0 OK <[address]>' },
  });
  expect(
    parseSesEvent(
      JSON.stringify({
        notificationType: 'Bounce',
        mail,
        bounce: {
          bounceType: 'Permanent',
          bounceSubType: 'General',
          timestamp: '2026-11-20T10:00:03.000Z',
          bouncedRecipients: [{ emailAddress: 'ann@example.org' }],
        },
      }),
    ),
  ).toMatchObject({
    outcome: { type: 'bounced', bounceType: 'Permanent', bounceSubType: 'General', at: '2026-11-20T10:00:03.000Z' },
  });
  expect(
    parseSesEvent(
      JSON.stringify({
        notificationType: 'Bounce',
        mail,
        bounce: { bounceType: 'Transient', bounceSubType: 'MailboxFull' },
      }),
    ),
  ).toMatchObject({
    outcome: { type: 'bounced', bounceType: 'Transient', bounceSubType: 'MailboxFull', at: mail.timestamp },
  });
  expect(
    parseSesEvent(
      JSON.stringify({
        notificationType: 'Complaint',
        mail,
        complaint: { complaintFeedbackType: 'abuse', timestamp: '2026-11-21T08:00:00.000Z' },
      }),
    ),
  ).toMatchObject({
    outcome: { type: 'complained', at: '2026-11-21T08:00:00.000Z', feedbackType: 'abuse' },
  });
});

test('event publishing: rendering failures and rejections fail the message; other events carry no outcome', () => {
  expect(
    parseSesEvent(
      JSON.stringify({ eventType: 'Rendering Failure', mail, failure: { errorMessage: 'Attribute name is missing' } }),
    ),
  ).toMatchObject({
    outcome: { type: 'failed', reason: 'Rendering failure: Attribute name is missing' },
  });
  expect(parseSesEvent(JSON.stringify({ eventType: 'Reject', mail, reject: { reason: 'Bad content' } }))).toMatchObject(
    { outcome: { type: 'failed', reason: 'Rejected by SES: Bad content' } },
  );
  expect(parseSesEvent(JSON.stringify({ eventType: 'Open', mail }))).toEqual({
    ok: false,
    ignored: 'event type Open carries no outcome',
  });
  expect(parseSesEvent('not json')).toMatchObject({ ok: false });
  expect(parseSesEvent(JSON.stringify({ notificationType: 'Delivery' }))).toEqual({
    ok: false,
    ignored: 'no mail.messageId',
  });
});

test('event publishing: a DeliveryDelay is a delay (not final), with its type, a redacted reason and the expiration', () => {
  const delay = (deliveryDelay: Record<string, unknown>) =>
    parseSesEvent(JSON.stringify({ eventType: 'DeliveryDelay', mail, deliveryDelay }));
  expect(
    delay({
      timestamp: '2026-11-20T10:05:00.000Z',
      delayType: 'MailboxFull',
      expirationTime: '2026-11-21T00:00:00Z',
      reportingMTA: 'a8-70.smtp-out.amazonses.com',
      delayedRecipients: [
        {
          emailAddress: 'ann@example.org',
          status: '4.2.2',
          diagnosticCode: 'smtp; 452 4.2.2 The email account ann@example.org is over quota',
        },
      ],
    }),
  ).toEqual({
    ok: true,
    sesMessageId: mail.messageId,
    outcome: {
      type: 'delayed',
      at: '2026-11-20T10:05:00.000Z',
      delayType: 'MailboxFull',
      reason: 'smtp; 452 4.2.2 The email account [address] is over quota',
      expiresAt: '2026-11-21T00:00:00.000Z',
    },
  });
  // The status stands in for a missing diagnostic code; an unknown type reads Undetermined; a bad time is dropped.
  expect(
    delay({ delayType: 'SomethingNew', expirationTime: 'soon', delayedRecipients: [{ status: '4.4.7' }] }),
  ).toEqual({
    ok: true,
    sesMessageId: mail.messageId,
    outcome: { type: 'delayed', at: mail.timestamp, delayType: 'Undetermined', reason: '4.4.7' },
  });
  expect(delay({ delayType: 'SendingDeferral' })).toMatchObject({
    outcome: { type: 'delayed', delayType: 'SendingDeferral' },
  });
  expect(parseSesEvent(JSON.stringify({ eventType: 'DeliveryDelay', mail }))).toMatchObject({
    outcome: { type: 'delayed', delayType: 'Undetermined', at: mail.timestamp },
  });
});

test("by default the signing certificate may only come from the topic region's own SNS host, and no topic is accepted", () => {
  const production = {
    NODE_ENV: 'production',
    POSTAGE_SECRET_KEY: 'ab'.repeat(32),
    RELAY_AWS_ACCOUNT_ID: '210987654321',
  };
  const { snsCertHost, snsTopicArns } = loadConfig(production).outcomes;
  expect(snsCertHost).toBeUndefined();
  expect(snsTopicArns).toEqual([]);
  expect(() => loadConfig({ ...production, SNS_CERT_HOST: '127.0.0.1:8443' })).toThrow(
    /SNS_CERT_HOST is for local SNS stand-ins only/,
  );
  expect(snsHostOfTopic('arn:aws:sns:eu-west-1:123456789012:ses-events')).toBe('sns.eu-west-1.amazonaws.com');
  expect(snsHostOfTopic('arn:aws-cn:sns:cn-north-1:123456789012:ses-events')).toBe('sns.cn-north-1.amazonaws.com.cn');
  expect(snsHostOfTopic('arn:aws:s3:::sns')).toBeUndefined();
});

describe('SnsVerifier', () => {
  let sns: LocalSns;
  let certificate: string;
  const settings = (overrides: Partial<Config['outcomes']> = {}): Config['outcomes'] => ({
    ...loadConfig({ NODE_ENV: 'test', SNS_TOPIC_ARNS: sns.topicArn, SNS_CERT_HOST: sns.certHost }).outcomes,
    ...overrides,
  });
  const event = { eventType: 'Delivery', mail };

  beforeAll(async () => {
    sns = await startLocalSns();
    certificate = fs.readFileSync(sns.caFile, 'utf8');
  });
  afterAll(async () => sns?.close());

  /** The real download cannot trust the test's certificate in this process: hand it over, counting. */
  function countingFetcher() {
    const fetched: string[] = [];
    return { fetched, fetch: async (url: URL) => (fetched.push(url.href), certificate) };
  }

  test('certificates are cached, at most SNS_CERT_CACHE_SIZE of them', async () => {
    const { fetched, fetch } = countingFetcher();
    const verifier = new SnsVerifier(settings({ snsCertCacheSize: 3 }), fetch);
    const urls = Array.from({ length: 10 }, (_, i) => `https://${sns.certHost}/SimpleNotificationService-${i}.pem`);
    for (const certUrl of urls)
      await expect(verifier.verify(sns.notification(event, { certUrl }))).resolves.toMatchObject({
        Type: 'Notification',
      });
    expect(fetched).toHaveLength(10);
    expect(verifier.cachedCertificates).toBe(3);
    await verifier.verify(sns.notification(event, { certUrl: urls[9] }));
    expect(fetched).toHaveLength(10); // still cached
  });

  test('a notification more than SNS_MAX_MESSAGE_AGE_SECONDS old, or from the future, is refused before any download', async () => {
    const { fetched, fetch } = countingFetcher();
    const verifier = new SnsVerifier(settings(), fetch);
    const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
    await expect(verifier.verify(sns.notification(event, { timestamp: at(-3601_000) }))).rejects.toMatchObject({
      status: 403,
      code: 'stale_message',
    });
    await expect(verifier.verify(sns.notification(event, { timestamp: at(3600_000) }))).rejects.toMatchObject({
      status: 403,
      code: 'stale_message',
    });
    await expect(verifier.verify(sns.notification(event, { timestamp: at(-3500_000) }))).resolves.toMatchObject({
      Type: 'Notification',
    });
    expect(fetched).toHaveLength(1);
  });

  test('without SNS_CERT_HOST only sns.<topic region>.amazonaws.com may serve the certificate', async () => {
    const { fetched, fetch } = countingFetcher();
    const verifier = new SnsVerifier(settings({ snsCertHost: undefined }), fetch);
    for (const certUrl of [
      'https://sns.s3.amazonaws.com/SimpleNotificationService-x.pem',
      'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-x.pem',
      `https://${sns.certHost}/x.pem`,
    ]) {
      await expect(verifier.verify(sns.notification(event, { certUrl }))).rejects.toMatchObject({
        status: 403,
        code: 'invalid_signature',
      });
    }
    expect(fetched).toEqual([]);
  });

  test('a certificate host that never answers costs at most SNS_CERT_TIMEOUT_MS, then 503 so SNS retries', async () => {
    const silent = net.createServer(() => undefined); // accepts, never speaks TLS
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const host = `127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
    try {
      const verifier = new SnsVerifier(settings({ snsCertHost: host, snsCertTimeoutMs: 300 }));
      const started = Date.now();
      await expect(
        verifier.verify(sns.notification(event, { certUrl: `https://${host}/SimpleNotificationService-x.pem` })),
      ).rejects.toMatchObject({
        status: 503,
        code: 'certificate_unavailable',
      });
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      silent.close();
    }
  });
});

// Amazon SNS as far as an HTTP subscriber sees it, for `npm run dev` (tools/stack/sesEventPublisher.ts)
// and the tests: a certificate generated here, served over HTTPS from 127.0.0.1 (the
// "SigningCertURL" host), messages signed with its key
// the way SNS documents (SignatureVersion 1: SHA1withRSA, 2: SHA256withRSA over the canonical
// "Key\nvalue\n" string), and the SubscribeURL that records confirmations. The service process
// trusts the certificate through NODE_EXTRA_CA_CERTS (`caFile`), as a deployment behind a TLS
// proxy would; SNS_CERT_HOST names this server's host.
import { createSign, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { generate } from 'selfsigned';

export interface LocalSns {
  topicArn: string;
  /** Value for SNS_CERT_HOST: this server's host and port. */
  certHost: string;
  /** PEM file to trust (NODE_EXTRA_CA_CERTS). */
  caFile: string;
  certUrl: string;
  /** Tokens of the subscriptions confirmed so far. */
  confirmations: string[];
  notification(
    message: unknown,
    opts?: {
      signatureVersion?: '1' | '2';
      topicArn?: string;
      certUrl?: string;
      messageId?: string;
      timestamp?: string;
    },
  ): string;
  subscriptionConfirmation(opts?: { subscribeUrl?: string }): { body: string; token: string };
  /** Any message signed with a key SNS never had (for tests of the refusal). */
  forged(message: unknown): string;
  close(): Promise<void>;
}

const SIGNED_KEYS: Record<string, string[]> = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  SubscriptionConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
};

function sign(fields: Record<string, string>, key: string, version: '1' | '2'): string {
  const canonical = SIGNED_KEYS[fields.Type!]!.filter((k) => k in fields)
    .map((k) => `${k}\n${fields[k]}\n`)
    .join('');
  return createSign(version === '1' ? 'RSA-SHA1' : 'RSA-SHA256')
    .update(canonical, 'utf8')
    .sign(key, 'base64');
}

async function selfSignedFor127(): Promise<{ cert: string; key: string }> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    notAfterDate: new Date(Date.now() + 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

/** `dir` keeps the CA file (default: a temporary folder, removed by close()); `port` 0 picks one. */
export async function startLocalSns(
  opts: { region?: string; port?: number; dir?: string; topicName?: string } = {},
): Promise<LocalSns> {
  const region = opts.region ?? 'us-east-1';
  const [tls, stranger] = await Promise.all([selfSignedFor127(), selfSignedFor127()]);
  const dir = opts.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'postage-sns-'));
  fs.mkdirSync(dir, { recursive: true });
  const caFile = path.join(dir, 'sns-ca.pem');
  fs.writeFileSync(caFile, tls.cert);
  const confirmations: string[] = [];
  const server = https.createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://127.0.0.1');
    if (url.pathname.endsWith('.pem')) {
      res.writeHead(200, { 'Content-Type': 'application/x-pem-file' }).end(tls.cert);
    } else if (url.searchParams.get('Action') === 'ConfirmSubscription') {
      confirmations.push(url.searchParams.get('Token') ?? '');
      res.writeHead(200, { 'Content-Type': 'text/xml' }).end('<ConfirmSubscriptionResponse/>');
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const topicArn = `arn:aws:sns:${region}:123456789012:${opts.topicName ?? 'postage-ses-events'}`;
  const certUrl = `https://${host}/SimpleNotificationService-${randomUUID().replace(/-/g, '')}.pem`;
  const base = (
    type: string,
    message: string,
    topic: string,
    cert: string,
    messageId: string,
    timestamp = new Date().toISOString(),
  ) => ({
    Type: type,
    MessageId: messageId,
    TopicArn: topic,
    Message: message,
    Timestamp: timestamp,
    SigningCertURL: cert,
  });

  return {
    topicArn,
    certHost: host,
    caFile,
    certUrl,
    confirmations,
    notification(message, opts = {}) {
      const version = opts.signatureVersion ?? '2';
      const fields: Record<string, string> = {
        ...base(
          'Notification',
          JSON.stringify(message),
          opts.topicArn ?? topicArn,
          opts.certUrl ?? certUrl,
          opts.messageId ?? randomUUID(),
          opts.timestamp,
        ),
        SignatureVersion: version,
      };
      return JSON.stringify({
        ...fields,
        Signature: sign(fields, tls.key, version),
        UnsubscribeURL: `https://${host}/?Action=Unsubscribe`,
      });
    },
    subscriptionConfirmation(opts = {}) {
      const token = randomUUID().replace(/-/g, '');
      const fields: Record<string, string> = {
        ...base(
          'SubscriptionConfirmation',
          `You have chosen to subscribe to the topic ${topicArn}.`,
          topicArn,
          certUrl,
          randomUUID(),
        ),
        Token: token,
        SubscribeURL:
          opts.subscribeUrl ??
          `https://${host}/?Action=ConfirmSubscription&TopicArn=${encodeURIComponent(topicArn)}&Token=${token}`,
        SignatureVersion: '1',
      };
      return { body: JSON.stringify({ ...fields, Signature: sign(fields, tls.key, '1') }), token };
    },
    forged(message) {
      const fields: Record<string, string> = {
        ...base('Notification', JSON.stringify(message), topicArn, certUrl, randomUUID()),
        SignatureVersion: '2',
      };
      return JSON.stringify({ ...fields, Signature: sign(fields, stranger.key, '2') });
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (opts.dir === undefined) fs.rmSync(dir, { recursive: true, force: true });
      else fs.rmSync(caFile, { force: true });
    },
  };
}

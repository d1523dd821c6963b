// The outbound calls of receiving end at their deadlines (docs/inbound.md): the sender checks'
// DNS (a resolver that never answers gives `temperror` at the deadline, not after every query's
// retries) and the S3 fetch of SES receiving (a body that stalls is aborted; an object too large is
// not read past the limit). Local stand-ins only: a UDP socket that swallows queries, an HTTP server.
import { S3Client } from '@aws-sdk/client-s3';
import dgram from 'node:dgram';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchReceivedObject } from '../../core/inbound/sesReceiving';
import { authenticateMessage, TEMPERROR_VERDICTS } from '../../core/inbound/senderAuthentication';

const RAW = Buffer.from('From: ann@sender.example\r\nTo: support@in.example\r\nSubject: hi\r\n\r\nhello\r\n');

test('sender checks against a DNS server that never answers end at the deadline, all temperror', async () => {
  const silent = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
  try {
    const started = Date.now();
    const verdicts = await authenticateMessage(
      RAW,
      { clientIp: '192.0.2.10', helo: 'mail.sender.example', mailFrom: 'ann@sender.example' },
      { dnsServers: [`127.0.0.1:${(silent.address() as AddressInfo).port}`], deadlineMs: 700 },
    );
    expect(verdicts).toEqual(TEMPERROR_VERDICTS);
    expect(Date.now() - started).toBeLessThan(2_500);
  } finally {
    silent.close();
  }
});

test('hashing a large body stops at the deadline: temperror on time, the event loop never held long', async () => {
  // Five signatures (the most checked), each with its own l=: five passes over 24 MB take seconds.
  const signatures = Array.from(
    { length: 5 },
    (_, i) =>
      `DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=sender.example; s=k${i}; l=${30_000_000 + i}; h=from; bh=AAAA; b=AAAA\r\n`,
  );
  const raw = Buffer.concat([
    Buffer.from(`${signatures.join('')}From: ann@sender.example\r\nSubject: big\r\n\r\n`),
    Buffer.from(`${'x'.repeat(78)}\r\n`.repeat(300_000)),
  ]);
  let longestGap = 0;
  let last = Date.now();
  const ticker = setInterval(() => {
    longestGap = Math.max(longestGap, Date.now() - last);
    last = Date.now();
  }, 5);
  try {
    const started = Date.now();
    const verdicts = await authenticateMessage(
      raw,
      { clientIp: '192.0.2.10', helo: 'mail.sender.example', mailFrom: 'ann@sender.example' },
      { dnsServers: ['127.0.0.1:9'], deadlineMs: 300 },
    );
    expect(verdicts).toEqual(TEMPERROR_VERDICTS);
    expect(Date.now() - started).toBeLessThan(800);
    // Held by the hashing it would be seconds; a busy machine's scheduler alone has made 200-500 ms
    // gaps here (the test runs beside other processes), so the bound tells the two apart.
    expect(longestGap).toBeLessThan(500);
  } finally {
    clearInterval(ticker);
  }
});

describe('fetching a stored message from S3', () => {
  let server: http.Server;
  let s3: S3Client;
  const hits: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url?.includes('/stall')) {
        res.writeHead(200, { 'Content-Length': '100' });
        res.write('partial'); // and nothing more
        return;
      }
      if (req.url?.includes('/big')) {
        res.writeHead(200, { 'Content-Length': '5000' });
        res.end(Buffer.alloc(5000, 0x61));
        return;
      }
      res.writeHead(200, { 'Content-Length': String(RAW.length) });
      res.end(RAW);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    s3 = new S3Client({
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      maxAttempts: 1,
    });
  });
  afterAll(async () => {
    s3.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  test('the bytes, from the bucket and key of the notification', async () => {
    const fetched = await fetchReceivedObject(s3, { bucketName: 'inbound', objectKey: 'msgs/one' }, { maxBytes: 1000 });
    expect(fetched).toEqual({ kind: 'fetched', raw: RAW });
    expect(hits.at(-1)).toMatch(/^\/inbound\/msgs\/one/);
  });

  test('an object over the limit is not taken', async () => {
    expect(await fetchReceivedObject(s3, { bucketName: 'inbound', objectKey: 'big' }, { maxBytes: 1000 })).toEqual({
      kind: 'too_large',
      size: 5000,
    });
  });

  test('a body that stalls is aborted at the deadline', async () => {
    const started = Date.now();
    await expect(
      fetchReceivedObject(s3, { bucketName: 'inbound', objectKey: 'stall' }, { maxBytes: 1000, timeoutMs: 500 }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

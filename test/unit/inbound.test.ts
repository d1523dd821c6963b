// Receiving email's pure rules (docs/inbound.md): rule matches and their precedence, the
// listener's header-block check, signed attachment links, SES's Received notifications and the
// order reply ids are tried in.
import { readAttachmentToken, signAttachmentUrl } from '../../core/inbound/attachmentUrls';
import { checkHeaderBlock, MAX_HEADER_BLOCK_BYTES } from '../../core/inbound/headerCheck';
import { receivedEmailPayload, type InboundMessageRow } from '../../core/inbound/receivedEmail';
import { threadCandidates } from '../../core/inbound/recordReceived';
import { chooseRule, parseRuleMatch } from '../../core/inbound/routing';
import { bucketAllowed, parseSesReceived, sesVerdict } from '../../core/inbound/sesReceiving';
import { verdictOf, withSignaturesCapped } from '../../core/inbound/senderAuthentication';
import { MAX_EVENT_BODY_CHARS, type InboundRuleKind } from '../../core/model/inbound';
import { loadConfig } from '../../core/platform/config';
import { PostageError } from '../../core/platform/errors';

describe('rule matches', () => {
  test.each([
    ['support', 'support', 'address'],
    ['  Support ', 'support', 'address'],
    ["o'brien.x-y_z", "o'brien.x-y_z", 'address'],
    ['reply+*', 'reply+*', 'tag'],
    ['REPLY+*', 'reply+*', 'tag'],
    ['*', '*', 'catch_all'],
    ['a'.repeat(64), 'a'.repeat(64), 'address'],
  ])('%j is %j (%s)', (given, match, kind) => {
    expect(parseRuleMatch(given)).toEqual({ match, kind });
  });

  test.each([
    '',
    ' ',
    'a+b',
    'a*',
    '*a',
    '**',
    '+*',
    'reply+*x',
    'reply++*',
    'a b',
    'x@y',
    '.x',
    'x.',
    'x..y',
    'a'.repeat(65),
    'é',
    'a(b)',
    '"q"',
  ])('%j is refused with invalid_rule_match', (given) => {
    let error: unknown;
    try {
      parseRuleMatch(given);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(PostageError);
    expect((error as PostageError).code).toBe('invalid_rule_match');
  });
});

describe('rule precedence', () => {
  const rule = (match: string, kind: InboundRuleKind) => ({ match, kind, id: match });
  const all = [rule('*', 'catch_all'), rule('reply+*', 'tag'), rule('reply', 'address'), rule('support', 'address')];

  test.each([
    ['support', 'support'],
    ['SUPPORT', 'support'],
    ['reply', 'reply'], // an address rule beats a tag rule of the same base
    ['reply+123', 'reply+*'],
    ['Reply+ABC+x', 'reply+*'], // the base is before the first +
    ['support+x', '*'], // an address rule matches exactly, never a tag
    ['other', '*'],
  ])('%j goes to %j', (local, match) => {
    expect(chooseRule(all, local)?.match).toBe(match);
  });

  test('a tag rule takes its base too; no catch-all means no route', () => {
    const tags = [rule('reply+*', 'tag')];
    expect(chooseRule(tags, 'reply')?.match).toBe('reply+*');
    expect(chooseRule(tags, 'replies')).toBeUndefined();
    expect(chooseRule([], 'anyone')).toBeUndefined();
  });
});

describe('the header block check', () => {
  const ok = { ok: true };
  test('a message with From and a header block passes, CRLF or LF, with or without a body', () => {
    expect(checkHeaderBlock(Buffer.from('From: a@b.example\r\nSubject: x\r\n\r\nbody'))).toEqual(ok);
    expect(checkHeaderBlock(Buffer.from('Subject: x\nfrom : a@b.example\n\nbody'))).toEqual(ok);
    expect(checkHeaderBlock(Buffer.from('From: a@b.example\r\n'))).toEqual(ok);
    expect(checkHeaderBlock(Buffer.from('Received: x\r\n\tfolded\r\nFrom: a@b.example\r\n\r\n'))).toEqual(ok);
  });

  test('no header block, no From, a From only in the body, an oversized header block are refused', () => {
    expect(checkHeaderBlock(Buffer.from('\r\nFrom: a@b.example\r\n'))).toEqual({ ok: false, why: 'no header block' });
    expect(checkHeaderBlock(Buffer.from('hello there\r\n\r\n'))).toEqual({ ok: false, why: 'no header block' });
    expect(checkHeaderBlock(Buffer.from('Subject: x\r\n\r\nFrom: a@b.example\r\n'))).toEqual({
      ok: false,
      why: 'no From header',
    });
    const big = Buffer.from(`From: a@b.example\r\nX-Big: ${'a'.repeat(MAX_HEADER_BLOCK_BYTES)}\r\n\r\nbody`);
    expect(checkHeaderBlock(big)).toEqual({ ok: false, why: 'header block larger than 64 KiB' });
    const endless = Buffer.from(`From: a@b.example\r\nX-Big: ${'a'.repeat(MAX_HEADER_BLOCK_BYTES + 10)}`);
    expect(checkHeaderBlock(endless)).toEqual({ ok: false, why: 'header block larger than 64 KiB' });
  });
});

describe('attachment links', () => {
  const config = loadConfig({ NODE_ENV: 'test', BASE_URL: 'https://postage.example/' });
  const id = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
  const now = Date.UTC(2026, 10, 20, 10, 0, 0);
  const tokenOf = (url: string) => url.slice('https://postage.example/inbound/attachments/'.length);

  test('a link names its attachment until it expires (INBOUND_ATTACHMENT_URL_TTL_SECONDS)', () => {
    const { url, expiresAt } = signAttachmentUrl(config, id, now);
    expect(url).toMatch(/^https:\/\/postage\.example\/inbound\/attachments\/v1\.[^/]+$/);
    expect(expiresAt.getTime()).toBe(now + 86_400_000);
    expect(readAttachmentToken(config.secretKey, tokenOf(url), now)).toEqual({ attachmentId: id });
    expect(readAttachmentToken(config.secretKey, tokenOf(url), now + 86_399_000)).toEqual({ attachmentId: id });
    expect(readAttachmentToken(config.secretKey, tokenOf(url), now + 86_400_000)).toBeNull();
  });

  test('a tampered, re-dated, re-targeted or foreign token is nothing', () => {
    const token = tokenOf(signAttachmentUrl(config, id, now).url);
    const [version, attachment, expires, mac] = token.split('.') as [string, string, string, string];
    const other = '00000000-0000-4000-8000-000000000000';
    for (const bad of [
      `${version}.${other}.${expires}.${mac}`,
      `${version}.${attachment}.${Number(expires) + 3600}.${mac}`,
      `${version}.${attachment}.${expires}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      `v2.${attachment}.${expires}.${mac}`,
      `${token}.x`,
      '',
      'not-a-token',
    ])
      expect(readAttachmentToken(config.secretKey, bad, now)).toBeNull();
    const elsewhere = loadConfig({ NODE_ENV: 'test', POSTAGE_SECRET_KEY: 'ab'.repeat(32) });
    expect(readAttachmentToken(elsewhere.secretKey, token, now)).toBeNull();
  });
});

describe('SES receiving notifications', () => {
  const notification = {
    notificationType: 'Received',
    mail: { messageId: 'ses-1', source: 'ann@sender.example', destination: ['support@in.example.com'] },
    receipt: {
      recipients: ['support@in.example.com', 'other@in.example.com'],
      spfVerdict: { status: 'PASS' },
      dkimVerdict: { status: 'FAIL' },
      dmarcVerdict: { status: 'GRAY' },
      spamVerdict: { status: 'PASS' },
      virusVerdict: { status: 'PROCESSING_FAILED' },
      action: { type: 'S3', bucketName: 'inbound', objectKey: 'msgs/ses-1' },
    },
  };

  test('recipients, lower-cased verdicts (SES does not check ARC) and the object', () => {
    expect(parseSesReceived(notification)).toEqual({
      sesMessageId: 'ses-1',
      envelopeFrom: 'ann@sender.example',
      recipients: ['support@in.example.com', 'other@in.example.com'],
      verdicts: { spf: 'pass', dkim: 'fail', dmarc: 'neutral', arc: 'none', spam: 'pass', virus: 'temperror' },
      s3: { bucketName: 'inbound', objectKey: 'msgs/ses-1' },
    });
    expect(sesVerdict(undefined)).toBe('none');
    expect(sesVerdict({ status: 'DISABLED' })).toBe('none');
  });

  test('anything else says what is missing', () => {
    expect(parseSesReceived({ ...notification, notificationType: 'Bounce' })).toHaveProperty('error');
    expect(
      parseSesReceived({ ...notification, receipt: { ...notification.receipt, action: { type: 'SNS' } } }),
    ).toHaveProperty('error');
    expect(parseSesReceived({ ...notification, mail: {} })).toHaveProperty('error');
    expect(parseSesReceived(null)).toHaveProperty('error');
  });

  const PRODUCTION = {
    NODE_ENV: 'production',
    POSTAGE_SECRET_KEY: 'ab'.repeat(32),
    RELAY_AWS_ACCOUNT_ID: '210987654321',
  };
  test.each([
    [
      'a listed bucket, in production, is fetched from',
      { ...PRODUCTION, INBOUND_S3_BUCKETS: 'mail-in, other' },
      'other',
      true,
    ],
    ['another bucket, in production, is not', { ...PRODUCTION, INBOUND_S3_BUCKETS: 'mail-in' }, 'elsewhere', false],
    ['no bucket with none listed, in production', PRODUCTION, 'mail-in', false],
    ['another bucket, in development, is not', { NODE_ENV: 'development', INBOUND_S3_BUCKETS: 'mail-in' }, 'x', false],
    ['any bucket with none listed, in development', { NODE_ENV: 'development' }, 'mail-in', true],
    ['any bucket with none listed, in tests', { NODE_ENV: 'test' }, 'mail-in', true],
  ])('INBOUND_S3_BUCKETS: %s', (_case, env, bucket, allowed) => {
    expect(bucketAllowed(loadConfig('api', env), bucket)).toBe(allowed);
  });
});

test("mailauth's words become ours", () => {
  expect(verdictOf('pass')).toBe('pass');
  expect(verdictOf('temperr')).toBe('temperror');
  expect(verdictOf('policy')).toBe('fail');
  expect(verdictOf('skipped')).toBe('none');
  expect(verdictOf(undefined)).toBe('none');
});

describe('DKIM signatures checked (the first five)', () => {
  const signature = (i: number, eol = '\r\n') => `DKIM-Signature: v=1; d=a.example; s=k${i};${eol}\tb=AAAA${eol}`;
  const message = (count: number, eol = '\r\n') =>
    Buffer.from(
      `Received: x${eol}${Array.from({ length: count }, (_, i) => signature(i, eol)).join('')}From: a@b.example${eol}${eol}body${eol}`,
    );

  test.each([
    ['no signature', 0],
    ['five', 5],
  ])('%s: the message is handed on as it is', (_what, count) => {
    const raw = message(count);
    expect(withSignaturesCapped(raw)).toBe(raw);
  });

  test.each([
    ['CRLF', '\r\n'],
    ['bare LF', '\n'],
  ])(
    'past five (%s): the first five kept whole, folded lines included; the rest of the message as it was',
    (_what, eol) => {
      const capped = withSignaturesCapped(message(300, eol)).toString();
      expect(capped).toBe(message(5, eol).toString());
    },
  );

  test('a body line that looks like a signature is body, not header', () => {
    const raw = Buffer.from(`From: a@b.example\r\n\r\n${signature(1).repeat(9)}`);
    expect(withSignaturesCapped(raw)).toBe(raw);
  });

  const signatureCount = (raw: Buffer) => raw.toString('latin1').match(/^DKIM-Signature:/gm)?.length ?? 0;

  test("a header block just within the listener's limit, pushed past it by the trace line: still five", () => {
    const fill = (count: number) => Array.from({ length: count }, (_, i) => signature(i)).join('');
    const head = `${fill(600)}From: a@b.example\r\n`;
    const pad = `X-Pad: ${'p'.repeat(MAX_HEADER_BLOCK_BYTES - 8 - head.length - 'X-Pad: \r\n'.length)}\r\n`;
    const message = Buffer.from(`${head}${pad}\r\nbody\r\n`);
    expect(checkHeaderBlock(message)).toEqual({ ok: true });
    const trace = 'Received: from mail.b.example ([192.0.2.1])\r\n\tby mx.in.example (Postage MX) with ESMTPS id 1\r\n';
    const capped = withSignaturesCapped(Buffer.concat([Buffer.from(trace), message]));
    expect(signatureCount(capped)).toBe(5);
    expect(capped.toString('latin1').endsWith(`From: a@b.example\r\n${pad}\r\nbody\r\n`)).toBe(true);
  });

  test('a message without an empty line is all header block: five kept', () => {
    const raw = Buffer.from(`From: a@b.example\r\n${Array.from({ length: 300 }, (_, i) => signature(i)).join('')}`);
    expect(signatureCount(withSignaturesCapped(raw))).toBe(5);
  });
});

test('reply ids are tried In-Reply-To first, then References from the last to the first', () => {
  expect(threadCandidates({ message_id: null, in_reply_to: '<c@x>', references: ['<a@x>', '<b@x>', '<c@x>'] })).toEqual(
    ['<c@x>', '<c@x>', '<b@x>', '<a@x>'],
  );
  expect(threadCandidates({ message_id: null, in_reply_to: null, references: [] })).toEqual([]);
});

describe('the email.received payload (core/inbound/receivedEmail.ts)', () => {
  const config = loadConfig({ NODE_ENV: 'test', BASE_URL: 'https://postage.example' });
  const row: InboundMessageRow = {
    id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
    account_id: '00000000-0000-4000-8000-000000000001',
    inbound_domain_id: null,
    rule_id: null,
    source: 'mx',
    source_id: null,
    envelope_from: '',
    envelope_to: 'support@reply.example.com',
    client_ip: '192.0.2.1',
    helo: 'mx.example.org',
    size_bytes: 123,
    parsed: {
      from: { address: 'ann@example.org', name: 'Ann' },
      to: [],
      cc: [],
      reply_to: [],
      subject: 'Hello',
      text: 'x'.repeat(MAX_EVENT_BODY_CHARS + 1),
      html: null,
      headers: { message_id: '<a@example.org>', in_reply_to: null, references: [] },
      date: null,
    },
    subject: 'Hello',
    from_address: 'ann@example.org',
    malformed: false,
    verdicts: null,
    replied_message_id: null,
    received_at: new Date('2026-11-20T10:00:00Z'),
    started_at: null,
    recorded_at: null,
    attachments: [
      {
        id: '11111111-2222-4333-8444-555555555555',
        position: 0,
        filename: 'a.pdf',
        declared_type: 'application/pdf',
        detected_type: 'application/octet-stream',
        size_bytes: 3,
        sha256: 'ab',
        content_id: null,
      },
    ],
  };

  test('the webhook cuts long bodies and says so; the API keeps them whole', () => {
    const hook = receivedEmailPayload(config, row, { forWebhook: true });
    expect(hook.text).toHaveLength(MAX_EVENT_BODY_CHARS);
    expect(hook.truncated).toBe(true);
    const api = receivedEmailPayload(config, row);
    expect(api.text).toHaveLength(MAX_EVENT_BODY_CHARS + 1);
    expect(api.truncated).toBe(false);
  });

  test('the domain is the recipient’s (the inbound domain may be gone), unchecked verdicts are none, links are fresh', () => {
    const now = Date.UTC(2026, 10, 20, 12);
    const payload = receivedEmailPayload(config, row, { now });
    expect(payload).toMatchObject({
      domain: 'reply.example.com',
      envelope: { from: '', to: 'support@reply.example.com' },
      authentication: { spf: 'none', dkim: 'none', dmarc: 'none', arc: 'none' },
      attachments: [{ content_type: 'application/octet-stream', declared_content_type: 'application/pdf' }],
    });
    const link = payload.attachments[0]!;
    expect(link.expires_at).toBe(new Date(now + 86_400_000).toISOString());
    const token = link.download_url.split('/inbound/attachments/')[1]!;
    expect(readAttachmentToken(config.secretKey, token, now)).toEqual({ attachmentId: row.attachments[0]!.id });
  });
});

// Tracking (docs/sending.md, "Tracking opens and clicks"): signed tokens that carry everything the
// pixel and the redirect need, and HTML whose web links and pixel are rewritten by a tokenizer.
import { simpleParser } from 'mailparser';
import { parse } from 'parse5';
import { buildRawMessage } from '../../core/ses/rawMessages';
import { machineReason } from '../../core/tracking/machineDetection';
import { rewriteHtml } from '../../core/tracking/rewriteHtml';
import {
  clickStillRedirects,
  signTrackingToken,
  trackingKey,
  verifyTrackingToken,
  type TrackingEvent,
} from '../../core/tracking/trackingTokens';
import { messageContent } from '../helpers/pipeline';

const KEY = trackingKey('ab'.repeat(32));
const OTHER_KEY = trackingKey('cd'.repeat(32));
const MESSAGE_ID = '0b6f5a52-5d0e-4c4e-9a53-2f6f0d1c7e11';
const HOST = 'https://track.example.com';
const HOSTNAME = 'track.example.com';
const options = { opens: true, clicks: true, host: HOST, key: KEY, messageId: MESSAGE_ID, issuedAt: 1_800_000_000 };

describe('tracking tokens', () => {
  const click: TrackingEvent = {
    kind: 'click',
    messageId: MESSAGE_ID,
    issuedAt: 1_800_000_000,
    linkIndex: 3,
    url: 'https://shop.example/ünïcode?a=1&b=2#x',
  };
  const open: TrackingEvent = { kind: 'open', messageId: MESSAGE_ID, issuedAt: 1_800_000_001 };

  test('a token names its event, and only under its own key', () => {
    for (const event of [click, open]) {
      const token = signTrackingToken(KEY, HOSTNAME, event);
      expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
      expect(verifyTrackingToken(KEY, HOSTNAME, token)).toEqual(event);
      expect(verifyTrackingToken(OTHER_KEY, HOSTNAME, token)).toBeNull();
    }
  });

  test('a token is good only on the hostname it was made for (any case, as Host headers come)', () => {
    for (const event of [click, open]) {
      const token = signTrackingToken(KEY, HOSTNAME, event);
      expect(verifyTrackingToken(KEY, 'TRACK.Example.com', token)).toEqual(event);
      for (const other of ['track.bank.example', 'localhost', 'example.com', 'track.example.com.evil.example'])
        expect(verifyTrackingToken(KEY, other, token)).toBeNull();
    }
  });

  test('a changed payload or signature, an unknown version or junk is refused', () => {
    const token = signTrackingToken(KEY, HOSTNAME, click);
    const [payload, mac] = token.split('.') as [string, string];
    const bytes = Buffer.from(payload, 'base64url');
    const retarget = Buffer.concat([bytes.subarray(0, 24), Buffer.from('https://evil.example/')]);
    const otherVersion = Buffer.from(bytes);
    otherVersion[0] = 1;
    const flippedMac = Buffer.from(mac, 'base64url');
    flippedMac[0]! ^= 1;
    for (const bad of [
      `${retarget.toString('base64url')}.${mac}`,
      `${otherVersion.toString('base64url')}.${mac}`,
      `${payload}.${flippedMac.toString('base64url')}`,
      `${payload}.${mac.slice(0, -2)}`,
      `${payload}`,
      `${payload}.${mac}.x`,
      `${payload}=.${mac}`,
      '',
      '.',
      'not a token',
    ])
      expect(verifyTrackingToken(KEY, HOSTNAME, bad)).toBeNull();
  });

  test('a validly signed click whose target is not http(s) is still refused (no redirect elsewhere)', () => {
    const token = signTrackingToken(KEY, HOSTNAME, { ...click, url: 'javascript:alert(1)' });
    expect(verifyTrackingToken(KEY, HOSTNAME, token)).toBeNull();
  });

  const DAY_MS = 86_400_000;
  const SENT_MS = click.issuedAt * 1000;
  const SERVICE = { baseUrl: 'https://postage.example.com', days: 30 };
  test.each([
    ['on the service’s own host, 29 days after the send, redirects', 'postage.example.com', 29, true],
    ['on the service’s own host, 30 days after the send, does not', 'postage.example.com', 30, false],
    ['on the service’s own host in capitals, 31 days after, does not', 'POSTAGE.example.com', 31, false],
    ['on a customer’s tracking subdomain, a year after, redirects', HOSTNAME, 365, true],
  ])('a click %s', (_case, hostname, days, redirects) => {
    expect(clickStillRedirects(click, hostname, SERVICE, SENT_MS + days * DAY_MS)).toBe(redirects);
  });
});

function hrefs(html: string): string[] {
  const found: string[] = [];
  const walk = (node: { nodeName: string; attrs?: { name: string; value: string }[]; childNodes?: unknown[] }) => {
    if (node.nodeName === 'a' || node.nodeName === 'area')
      found.push(node.attrs?.find((a) => a.name === 'href')?.value ?? '');
    for (const child of node.childNodes ?? []) walk(child as typeof node);
  };
  walk(parse(html) as unknown as Parameters<typeof walk>[0]);
  return found;
}

describe('rewriting HTML', () => {
  test('absolute web links become signed redirects to themselves; others stay as written', async () => {
    const html =
      '<html><body><p>Hi</p>' +
      '<a href="https://shop.example/a?x=1&amp;y=2">one</a>' +
      '<a href=\'mailto:ann@example.org\'>mail</a><a href="tel:+123">call</a>' +
      '<a href="/relative">rel</a><a href="#top">top</a>' +
      '<a href="https://shop.example/private" data-postage-no-track>secret</a>' +
      '<map><area href=" http://shop.example/area " alt="x"></map>' +
      '<!-- <a href="https://commented.example/">no</a> -->' +
      '<script>var s = \'<a href="https://script.example/">\';</script>' +
      '</body></html>';
    const out = await rewriteHtml(html, options);
    const links = hrefs(out);
    expect(links.slice(1, 5)).toEqual(['mailto:ann@example.org', 'tel:+123', '/relative', '#top']);
    expect(links[5]).toBe('https://shop.example/private');
    const tracked = [links[0]!, links[6]!].map((href) => {
      expect(href.startsWith(`${HOST}/t/c/`)).toBe(true);
      return verifyTrackingToken(KEY, HOSTNAME, href.slice(`${HOST}/t/c/`.length));
    });
    expect(tracked).toEqual([
      {
        kind: 'click',
        messageId: MESSAGE_ID,
        issuedAt: options.issuedAt,
        linkIndex: 0,
        url: 'https://shop.example/a?x=1&y=2',
      },
      {
        kind: 'click',
        messageId: MESSAGE_ID,
        issuedAt: options.issuedAt,
        linkIndex: 1,
        url: 'http://shop.example/area',
      },
    ]);
    // Comments and script text are not links.
    expect(out).toContain('<!-- <a href="https://commented.example/">no</a> -->');
    expect(out).toContain('\'<a href="https://script.example/">\'');
  });

  test('the pixel goes just before </body>, or at the end without one', async () => {
    const withBody = await rewriteHtml('<html><body><p>Hi</p></body></html>', { ...options, clicks: false });
    const match =
      /<img src="https:\/\/track\.example\.com\/t\/o\/([^"]+)" width="1" height="1" alt="" style="display:none;border:0"><\/body><\/html>$/.exec(
        withBody,
      );
    expect(match).not.toBeNull();
    expect(verifyTrackingToken(KEY, HOSTNAME, match![1]!)).toEqual({
      kind: 'open',
      messageId: MESSAGE_ID,
      issuedAt: options.issuedAt,
    });
    const fragment = await rewriteHtml('<p>Hi <a href="https://x.example/">x</a></p>', { ...options, clicks: false });
    expect(fragment).toMatch(
      /^<p>Hi <a href="https:\/\/x\.example\/">x<\/a><\/p><img src="https:\/\/track\.example\.com\/t\/o\//,
    );
  });

  test('clicks only: no pixel; nothing else in the document changes', async () => {
    const html =
      '<!DOCTYPE html><html><head><style>a{color:red}</style></head><body class="x">Caf&eacute; <b>bold</b></body></html>';
    expect(await rewriteHtml(html, { ...options, opens: false })).toBe(html);
  });
});

describe('composing a tracked message', () => {
  test('the HTML part is rewritten, the text part is not', async () => {
    const content = {
      ...messageContent({ to: 'ann@example.org', from: 'hello@mail.example.com' }),
      html: '<body><a href="https://shop.example/">shop</a></body>',
      text: 'Visit https://shop.example/',
      tracking: { opens: true, clicks: true, host: HOST },
    };
    const parsed = await simpleParser(await buildRawMessage(MESSAGE_ID, content, [], { trackingKey: KEY }));
    expect(parsed.html).toContain(`${HOST}/t/c/`);
    expect(parsed.html).toContain(`${HOST}/t/o/`);
    // Without the key (another caller) nothing is rewritten.
    const plain = await simpleParser(await buildRawMessage(MESSAGE_ID, content, []));
    expect(plain.html).not.toContain('/t/');
  });
});

describe('machine detection', () => {
  const browser =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
  const token = { issuedAt: 1_000 };
  const at = (headers: Record<string, string>, method = 'GET', now = 1_100) => ({ method, headers, now });

  test('a person: a browser, a GET, well after the message was sent', () => {
    expect(machineReason(at({ 'user-agent': browser }), token, 2)).toBeNull();
  });

  test('HEAD, prefetches and previews, bots and no User-Agent, and requests on arrival are machines', () => {
    expect(machineReason(at({ 'user-agent': browser }, 'HEAD'), token, 2)).toBe('head');
    for (const [name, value] of [
      ['sec-purpose', 'prefetch;anonymous-client-ip'],
      ['purpose', 'prefetch'],
      ['x-moz', 'prefetch'],
      ['x-purpose', 'preview'],
    ] as const)
      expect(machineReason(at({ 'user-agent': browser, [name]: value }), token, 2)).toBe('prefetch');
    expect(machineReason(at({ 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }), token, 2)).toBe(
      'user_agent',
    );
    expect(machineReason(at({}), token, 2)).toBe('user_agent');
    expect(machineReason(at({ 'user-agent': browser }, 'GET', 1_001), token, 2)).toBe('too_soon');
    expect(machineReason(at({ 'user-agent': browser }, 'GET', 1_002), token, 2)).toBeNull();
  });
});

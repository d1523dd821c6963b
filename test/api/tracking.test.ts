// Open and click tracking end to end (docs/sending.md, "Tracking opens and clicks"): a tracked
// shared send's HTML, as SES received it, carries signed links and a pixel; following them
// answers at once (the redirect to the original link, the GIF) and then records the event in the
// message's timeline and announces it, signed, to the endpoints subscribed to it only. A tampered
// token is a 404 that records nothing; a BYOC message is never rewritten.
import { configureByoc } from './helpers/accounts';
import { randomBytes, randomUUID } from 'node:crypto';
import { parse } from 'parse5';
import { createApiKey } from '../../core/accounts/apiKeys';
import { signTrackingToken, trackingHostname, trackingKey } from '../../core/tracking/trackingTokens';
import { sesEmulatorStore } from '../../tools/stack/sesEmulator';
import { createEndpoint, createSender, type SenderFixture } from '../helpers/fixtures';
import { startTestZone, type TestZone } from '../cli/dnsServer';
import { BYOC_ROLE_ARN, startMotoPeer, type MotoPeer } from '../helpers/moto';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';
import { startWebhookReceiver, type ReceivedRequest, type WebhookReceiver } from '../helpers/webhookReceiver';
import { atHost, call, send } from './helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from './helpers/openApi';

const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
const REGION = 'eu-west-1';

let stack: ServiceStack;
let moto: MotoPeer;
let zone: TestZone;
const CNAME_TARGET = 'track-target.postage.test';
let engaged: WebhookReceiver;
let classic: WebhookReceiver;
let documented: DocumentedCheck;

beforeAll(async () => {
  [moto, zone] = await Promise.all([startMotoPeer('moto-tracking'), startTestZone()]);
  [stack, engaged, classic] = await Promise.all([
    startServiceStack({
      env: {
        STS_ENDPOINT: moto.endpoint,
        STS_ACCESS_KEY_ID: moto.relay.accessKeyId,
        STS_SECRET_ACCESS_KEY: moto.relay.secretAccessKey,
        BYOC_SES_ENDPOINT: moto.endpoint,
        // Requests right after the send count as people here (the window has its own unit test).
        TRACKING_MACHINE_WINDOW_SECONDS: '0',
        DNS_SERVERS: zone.server,
        TRACKING_CNAME_TARGET: CNAME_TARGET,
        TRACKING_HOST_SCHEME: 'http',
      },
    }),
    startWebhookReceiver('/engaged'),
    startWebhookReceiver('/classic'),
  ]);
  documented = await loadOpenApiCheck(stack.baseUrl);
});
afterAll(async () => {
  await stack?.stop();
  await moto?.stop();
  await zone?.close();
  await engaged?.close();
  await classic?.close();
});

/** The href of every link and the src of every image, in document order (read by an HTML parser). */
function linksOf(html: string): { hrefs: string[]; images: string[] } {
  const hrefs: string[] = [];
  const images: string[] = [];
  type Node = { nodeName: string; attrs?: { name: string; value: string }[]; childNodes?: Node[] };
  const walk = (node: Node) => {
    const attr = (name: string) => node.attrs?.find((a) => a.name === name)?.value ?? '';
    if (node.nodeName === 'a') hrefs.push(attr('href'));
    if (node.nodeName === 'img') images.push(attr('src'));
    node.childNodes?.forEach(walk);
  };
  walk(parse(html) as unknown as Node);
  return { hrefs, images };
}

async function storedHtml(subject: string): Promise<string> {
  return eventually('SES to receive the message', async () => {
    const found = (await sesEmulatorStore(stack.config.ses.endpoint!)).find((e) => e.subject === subject);
    return found?.body.html;
  });
}

/** BASE_URL, where tracked links point without a tracking subdomain (the test API listens elsewhere). */
const trackingHost = () => stack.config.api.baseUrl;

const eventOf = (r: ReceivedRequest) => (r.json as { event_type?: string }).event_type;
const payloadOf = (r: ReceivedRequest) => (r.json as { payload: Record<string, string> }).payload;

async function adminOf(sender: SenderFixture) {
  const { secret } = await createApiKey(
    stack.db,
    { accountId: sender.account.id, name: 'admin', permission: 'full_access' },
    'test',
  );
  return (path: string, init: RequestInit = {}) =>
    call(`${stack.baseUrl}${path}`, {
      ...init,
      headers: { 'X-API-Key': secret, 'Content-Type': 'application/json', ...(init.headers ?? {}) },
    });
}

const trackedHtml =
  '<html><body><p>Hello</p><a href="https://shop.example/spring?a=1&amp;b=2">Shop</a> ' +
  '<a href="mailto:help@shop.example">Mail us</a> <a href="https://shop.example/second">Second</a></body></html>';

test('a tracked send: the link redirects and the pixel answers, each announced once, signed, to its subscribers only', async () => {
  const sender = await createSender(stack.db);
  const engagedEndpoint = await createEndpoint(stack.db, stack.config.secretKey, sender.account.id, engaged.url, [
    'email.opened',
    'email.clicked',
  ]);
  engaged.setSecret(engagedEndpoint.signingSecret);
  const classicEndpoint = await createEndpoint(stack.db, stack.config.secretKey, sender.account.id, classic.url, [
    'email.sent',
    'email.delivered',
    'email.failed',
    'email.bounced',
    'email.complained',
  ]);
  classic.setSecret(classicEndpoint.signingSecret);
  const subject = `Tracked ${randomBytes(6).toString('hex')}`;
  const sent = await send(stack, sender.apiKey, {
    from_email: `hello@${sender.domain}`,
    to: `success@${stack.config.simulatorDomain}`,
    subject,
    html: trackedHtml,
    message: 'Shop at https://shop.example/spring',
    track_opens: true,
    track_clicks: true,
  });
  expect(sent.status).toBe(200);
  const messageId = String(sent.json.message_id);

  const { hrefs, images } = linksOf(await storedHtml(subject));
  expect(hrefs[1]).toBe('mailto:help@shop.example');
  const [link, , second] = hrefs as [string, string, string];
  expect(link.startsWith(`${trackingHost()}/t/c/`)).toBe(true);
  expect(second.startsWith(`${trackingHost()}/t/c/`)).toBe(true);
  const pixelLink = images.find((src) => src.startsWith(`${trackingHost()}/t/o/`));
  expect(pixelLink).toBeDefined();
  const click = link;
  const pixel = pixelLink!;
  // Followed as a browser would: on the test API, under the tracking host's name.
  const follow = (url: string, method = 'GET') => atHost(stack, url, { method, headers: { 'User-Agent': BROWSER } });

  const redirect = await follow(click);
  expect(redirect.status).toBe(302);
  expect(redirect.headers.get('location')).toBe('https://shop.example/spring?a=1&b=2');
  expect(redirect.headers.get('cache-control')).toBe('no-store');
  expect((await follow(second)).headers.get('location')).toBe('https://shop.example/second');
  const image = await follow(pixel);
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toBe('image/gif');
  expect(image.headers.get('cache-control')).toBe('no-store, private');
  expect(image.body).toHaveLength(43);

  const clicked = await engaged.waitFor((r) => eventOf(r) === 'email.clicked' && payloadOf(r).link_index === '0');
  const opened = await engaged.waitFor((r) => eventOf(r) === 'email.opened');
  for (const r of [clicked, opened]) expect(r.signatureValid).toBe(true);
  expect(payloadOf(clicked)).toMatchObject({
    message_id: messageId,
    url: 'https://shop.example/spring?a=1&b=2',
    link_index: '0',
    machine: 'false',
    user_agent: BROWSER,
  });
  expect(payloadOf(opened)).toMatchObject({ message_id: messageId, machine: 'false', user_agent: BROWSER });
  expect(Date.parse(payloadOf(opened).occurred_at!)).not.toBeNaN();

  // HEAD is a machine: its open is recorded (and announced) beside the person's; the person's
  // second open is not.
  const head = await follow(pixel, 'HEAD');
  expect(head.status).toBe(200);
  expect((await follow(pixel)).status).toBe(200);
  const machineOpen = await engaged.waitFor((r) => eventOf(r) === 'email.opened' && payloadOf(r).machine === 'true');
  expect(payloadOf(machineOpen).message_id).toBe(messageId);

  // A tampered token (another target under the same signature) and junk: 404 in the error shape.
  const [payload, mac] = click.slice(`${trackingHost()}/t/c/`.length).split('.') as [string, string];
  const bytes = Buffer.from(payload, 'base64url');
  const forged = Buffer.concat([bytes.subarray(0, 24), Buffer.from('https://evil.example/')]).toString('base64url');
  for (const bad of [`/t/c/${forged}.${mac}`, `/t/o/${payload}.${mac}`, '/t/c/nonsense', '/t/o/x.y']) {
    const res = await follow(`${trackingHost()}${bad}`);
    expect(res.status).toBe(404);
    documented(bad.startsWith('/t/c/') ? '/t/c/{token}' : '/t/o/{token}', 'get', res);
    expect(res.headers.get('location')).toBeNull();
  }
  // The genuine link and pixel under another name (another customer's tracking subdomain, or
  // the service's address itself): 404, no redirect, nothing recorded (docs/sending.md).
  for (const elsewhere of ['http://track.other-customer.example', stack.baseUrl])
    for (const url of [click, pixel]) {
      const res = await follow(`${elsewhere}${new URL(url).pathname}`);
      expect(res.status).toBe(404);
      documented(url.includes('/t/c/') ? '/t/c/{token}' : '/t/o/{token}', 'get', res);
      expect(res.headers.get('location')).toBeNull();
    }

  const admin = await adminOf(sender);
  const timeline = await eventually('the opened and clicked events in the timeline', async () => {
    const res = await admin(`/api/emails/${messageId}`);
    const types = ((res.json.timeline ?? []) as { type: string }[]).map((e) => e.type);
    return types.includes('opened') && types.includes('clicked') ? res : undefined;
  });
  documented('/api/emails/{message_id}', 'get', timeline);

  const events = timeline.json.timeline as { type: string; details: Record<string, string> }[];
  expect(events.find((e) => e.type === 'clicked')?.details).toEqual({
    url: 'https://shop.example/spring?a=1&b=2',
    link_index: '0',
    machine: 'false',
    user_agent: BROWSER,
  });

  // A while later: two clicks, one open of each kind, nothing for the forged tokens, none to the
  // classic endpoint; each its own event, with its own webhook-id (docs/webhooks.md, "Events").
  await new Promise((r) => setTimeout(r, 1500));
  const clicks = engaged.received.filter((r) => eventOf(r) === 'email.clicked');
  expect(clicks.map((r) => payloadOf(r).link_index).sort()).toEqual(['0', '1']);
  const opens = engaged.received.filter((r) => eventOf(r) === 'email.opened');
  expect(opens.map((r) => payloadOf(r).machine)).toEqual(['false', 'true']);
  const ids = [...clicks, ...opens].map((r) => r.headers['webhook-id']);
  expect(new Set(ids).size).toBe(4);
  expect(classic.received.some((r) => ['email.opened', 'email.clicked'].includes(eventOf(r) ?? ''))).toBe(false);
  expect(
    (await stack.db('email_events').where({ message_id: messageId }).whereIn('type', ['opened', 'clicked'])).length,
  ).toBe(4);

  // A replay of the click's delivery repeats that click (deliveries keep no body: it is rebuilt
  // from the timeline), not a 500.
  const deliveries = await admin(`/api/webhooks/${engagedEndpoint.endpoint.id}/deliveries`);
  const clickDeliveries = (deliveries.json.deliveries as { id: string; event_type: string }[]).filter(
    (d) => d.event_type === 'email.clicked',
  );
  expect(clickDeliveries).toHaveLength(2);
  for (const delivery of clickDeliveries) {
    const replayed = await admin(`/api/webhooks/${engagedEndpoint.endpoint.id}/deliveries/${delivery.id}/replay`, {
      method: 'POST',
    });
    expect(replayed.status).toBe(200);
  }
  // Each replay is its click again: the same payload under the same webhook-id.
  const replays = await eventually('both replays', async () => {
    const all = engaged.received.filter((r) => eventOf(r) === 'email.clicked');
    return all.length === 4 ? all.slice(2) : undefined;
  });
  for (const again of replays) {
    const original = clicks.find((r) => r.headers['webhook-id'] === again.headers['webhook-id']);
    expect(original).toBeDefined();
    expect(payloadOf(again)).toEqual(payloadOf(original!));
  }
  expect(new Set(replays.map((r) => payloadOf(r).link_index)).size).toBe(2);
});

test('one link followed in a loop: every redirect answers, at most 60 clicks a minute are recorded for the message', async () => {
  const sender = await createSender(stack.db);
  const subject = `Replayed ${randomBytes(6).toString('hex')}`;
  const sent = await send(stack, sender.apiKey, {
    from_email: `hello@${sender.domain}`,
    to: `success@${stack.config.simulatorDomain}`,
    subject,
    html: trackedHtml,
    track_clicks: true,
  });
  expect(sent.status).toBe(200);
  const link = linksOf(await storedHtml(subject)).hrefs[0]!;
  const answers = [];
  for (let i = 0; i < 70; i++) answers.push((await atHost(stack, link, { headers: { 'User-Agent': BROWSER } })).status);
  expect(new Set(answers)).toEqual(new Set([302]));
  const clicks = () =>
    stack
      .db('email_events')
      .where({ message_id: String(sent.json.message_id), type: 'clicked' })
      .count<{ n: string }[]>({ n: '*' });
  await eventually('60 clicks recorded', async () => (Number((await clicks())[0]!.n) === 60 ? true : undefined));
  await new Promise((r) => setTimeout(r, 1000));
  expect(Number((await clicks())[0]!.n)).toBe(60);
});

test.each([
  ['on the service’s own host, 29 days after the send, redirects', 'base', 29, 302],
  ['on the service’s own host, 31 days after the send, is a 404', 'base', 31, 404],
  ['on a customer’s tracking subdomain, a year after the send, redirects', 'http://track.customer.example', 365, 302],
])('a click %s', async (_case, where, daysAgo, status) => {
  const host = where === 'base' ? trackingHost() : where;
  const issuedAt = Math.floor(Date.now() / 1000) - daysAgo * 86_400;
  const token = signTrackingToken(trackingKey(stack.config.secretKey), trackingHostname(host), {
    kind: 'click',
    messageId: randomUUID(),
    issuedAt,
    linkIndex: 0,
    url: 'https://shop.example/old-offer',
  });
  const res = await atHost(stack, `${host}/t/c/${token}`, { headers: { 'User-Agent': BROWSER } });
  expect([res.status, res.headers.get('location')]).toEqual([
    status,
    status === 302 ? 'https://shop.example/old-offer' : null,
  ]);
  if (status === 404) {
    documented('/t/c/{token}', 'get', res);
    expect(res.json).toMatchObject({
      error: 'not_found',
      detail: expect.stringContaining('TRACKING_BASE_URL_LINK_DAYS'),
    });
  }
});

test('the document describes the pixel and the redirect', async () => {
  const doc = (await (await fetch(`${stack.baseUrl}/openapi.json`)).json()) as {
    paths: Record<string, { get: { responses: Record<string, { content?: object; headers?: object }> } }>;
  };
  expect(Object.keys(doc.paths['/t/o/{token}']!.get.responses['200']!.content ?? {})).toEqual(['image/gif']);
  expect(Object.keys(doc.paths['/t/c/{token}']!.get.responses['302']!.headers ?? {})).toContain('Location');
});

test('a BYOC message is never rewritten, whatever the send asks', async () => {
  const byoc = await createSender(stack.db, { mode: 'byoc' });
  const externalId = randomBytes(24).toString('hex');
  await moto.configureByocRole({ externalId });
  await moto.verifySesIdentity(byoc.domain, REGION);
  await configureByoc(stack.db, byoc.account.id, { roleArn: BYOC_ROLE_ARN, region: REGION, externalId });
  const to = `byoc-${randomBytes(6).toString('hex')}@example.org`;
  const res = await send(stack, byoc.apiKey, {
    from_email: `hello@${byoc.domain}`,
    to,
    subject: 'Private',
    html: trackedHtml,
    track_opens: true,
    track_clicks: true,
  });
  expect(res.status).toBe(200);
  const raw = await eventually('moto to receive the BYOC message', async () =>
    (await moto.sentRawEmails()).find((e) => e.destinations.includes(to)),
  );
  expect(raw.raw_data).toContain('https://shop.example/spring');
  expect(raw.raw_data).not.toContain('/t/c/');
  expect(raw.raw_data).not.toContain('/t/o/');
});

test("a domain's tracking defaults apply to sends without the flags; the flags still win", async () => {
  const sender = await createSender(stack.db);
  const admin = await adminOf(sender);
  const patched = await admin(`/api/domains/${sender.domain}`, {
    method: 'PATCH',
    body: JSON.stringify({ track_opens: true, track_clicks: true }),
  });
  expect(patched.status).toBe(200);
  documented('/api/domains/{name}', 'patch', patched);
  expect(patched.json).toMatchObject({
    track_opens: true,
    track_clicks: true,
    tracking_subdomain: null,
    tracking_host: trackingHost(),
  });

  const subjects = [`Default ${randomBytes(6).toString('hex')}`, `Off ${randomBytes(6).toString('hex')}`];
  for (const [i, subject] of subjects.entries()) {
    const res = await send(stack, sender.apiKey, {
      from_email: `hello@${sender.domain}`,
      to: `success@${stack.config.simulatorDomain}`,
      subject,
      html: trackedHtml,
      ...(i === 1 ? { track_opens: false, track_clicks: false } : {}),
    });
    expect(res.status).toBe(200);
  }
  const tracked = linksOf(await storedHtml(subjects[0]!));
  expect(tracked.hrefs[0]!.startsWith(`${trackingHost()}/t/c/`)).toBe(true);
  expect(tracked.images.some((src) => src.startsWith(`${trackingHost()}/t/o/`))).toBe(true);
  const untracked = linksOf(await storedHtml(subjects[1]!));
  expect(untracked.hrefs[0]).toBe('https://shop.example/spring?a=1&b=2');
  expect(untracked.images).toEqual([]);
});

test('the opened@ and clicked@ test recipients are delivered, then opened (and clicked on the first link) by a person', async () => {
  const sender = await createSender(stack.db);
  const receiver = await startWebhookReceiver('/test-recipients');
  try {
    const endpoint = await createEndpoint(stack.db, stack.config.secretKey, sender.account.id, receiver.url, [
      'email.delivered',
      'email.opened',
      'email.clicked',
    ]);
    receiver.setSecret(endpoint.signingSecret);
    const ids: Record<string, string> = {};
    for (const local of ['opened', 'clicked']) {
      const res = await send(stack, sender.apiKey, {
        from_email: `hello@${sender.domain}`,
        to: `${local}+guide@${stack.config.testDomain}`,
        subject: `Test ${local}`,
        html: trackedHtml,
      });
      expect(res.status).toBe(200);
      ids[local] = String(res.json.message_id);
    }
    const of = (id: string, event: string) => (r: ReceivedRequest) =>
      eventOf(r) === event && payloadOf(r).message_id === id;
    for (const id of [ids.opened!, ids.clicked!]) {
      await receiver.waitFor(of(id, 'email.delivered'));
      const opened = await receiver.waitFor(of(id, 'email.opened'));
      expect(opened.signatureValid).toBe(true);
      expect(payloadOf(opened)).toMatchObject({ machine: 'false', user_agent: 'Postage test recipient' });
    }
    const clicked = await receiver.waitFor(of(ids.clicked!, 'email.clicked'));
    expect(payloadOf(clicked)).toMatchObject({
      url: 'https://shop.example/spring?a=1&b=2',
      link_index: '0',
      machine: 'false',
    });
    await new Promise((r) => setTimeout(r, 1000));
    expect(receiver.received.filter(of(ids.opened!, 'email.clicked'))).toHaveLength(0);
    expect(receiver.received.filter(of(ids.clicked!, 'email.clicked'))).toHaveLength(1);
    const admin = await adminOf(sender);
    const timeline = (await admin(`/api/emails/${ids.clicked}`)).json.timeline as { type: string }[];
    expect(timeline.map((e) => e.type)).toEqual(['queued', 'sent', 'delivered', 'opened', 'clicked']);
  } finally {
    await receiver.close();
  }
});

test('a tracking subdomain: one label, listed as a CNAME, used for links once DNS shows it; changes are audited', async () => {
  const sender = await createSender(stack.db);
  const admin = await adminOf(sender);
  const patch = (body: unknown) =>
    admin(`/api/domains/${sender.domain}`, { method: 'PATCH', body: JSON.stringify(body) });
  for (const bad of [{ tracking_subdomain: 'Track' }, { tracking_subdomain: 'a.b' }, { tracking_subdomain: '' }, {}]) {
    const res = await patch(bad);
    expect(res.status).toBe(400);
    documented('/api/domains/{name}', 'patch', res);
  }
  const set = await patch({ tracking_subdomain: 'track', track_clicks: true });
  expect(set.status).toBe(200);
  const name = `track.${sender.domain}`;
  expect(set.json).toMatchObject({ tracking_subdomain: 'track', tracking_host: trackingHost(), track_clicks: true });
  expect(set.json.records).toContainEqual({
    purpose: 'tracking',
    type: 'CNAME',
    name,
    value: CNAME_TARGET,
    required: false,
    status: 'pending',
  });

  const verify = () => admin(`/api/domains/${sender.domain}/verify`, { method: 'POST' });
  const before = await verify();
  expect(before.status).toBe(200);
  documented('/api/domains/{name}/verify', 'post', before);
  expect(before.json.checks).toContainEqual(expect.objectContaining({ purpose: 'tracking', name, ok: false }));
  zone.cname(name, CNAME_TARGET);
  const after = await verify();
  expect((after.json.domain as Record<string, unknown>).tracking_host).toBe(`http://${name}`);
  expect((after.json.domain as { records: { purpose: string; status: string }[] }).records).toContainEqual(
    expect.objectContaining({ purpose: 'tracking', status: 'verified' }),
  );

  const subject = `Subdomain ${randomBytes(6).toString('hex')}`;
  expect(
    (
      await send(stack, sender.apiKey, {
        from_email: `hello@${sender.domain}`,
        to: `success@${stack.config.simulatorDomain}`,
        subject,
        html: trackedHtml,
      })
    ).status,
  ).toBe(200);
  const branded = linksOf(await storedHtml(subject)).hrefs[0]!;
  expect(branded.startsWith(`http://${name}/t/c/`)).toBe(true);
  // The link works on its own name only: not on the service's (nor another customer's).
  const onItsHost = await atHost(stack, branded);
  expect([onItsHost.status, onItsHost.headers.get('location')]).toEqual([302, 'https://shop.example/spring?a=1&b=2']);
  const path = new URL(branded).pathname;
  for (const elsewhere of [trackingHost(), 'http://track.other-customer.example'])
    expect((await atHost(stack, `${elsewhere}${path}`)).status).toBe(404);
  // A customer's name serves the tracking links only: not the dashboard, its sign-in, the API or
  // unsubscribe pages (docs/domains.md, "Tracking subdomain"); the service's own names still do.
  for (const other of ['/', '/sign-in', '/api/account', '/api/docs', '/healthz', '/u/anything', '/openapi.json']) {
    const res = await atHost(stack, `http://${name}${other}`);
    expect([other, res.status, res.json]).toEqual([
      other,
      404,
      { success: false, error: 'not_found', detail: 'No such endpoint.' },
    ]);
  }
  for (const own of [trackingHost(), stack.baseUrl, 'http://LOCALHOST'])
    expect((await atHost(stack, `${own}/sign-in`)).status).toBe(200);

  // A new label is not verified by the old one's CNAME.
  const moved = await patch({ tracking_subdomain: 'links' });
  expect(moved.json).toMatchObject({ tracking_subdomain: 'links', tracking_host: trackingHost() });
  const audit = await stack
    .db('account_audit')
    .where({ account_id: sender.account.id, action: 'domain.tracking_update' });
  expect(audit.map((a: { details: Record<string, unknown> }) => a.details)).toEqual([
    { domain: sender.domain, track_clicks: true, tracking_subdomain: 'track' },
    { domain: sender.domain, tracking_subdomain: 'links' },
  ]);
});

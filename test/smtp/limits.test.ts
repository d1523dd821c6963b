// The relay's abuse limits, as a client meets them: recipients per transaction, the API key's rate
// limit (shared with the HTTP API, one point per recipient), failed logins per client address,
// connections at once per client address, and the client address a load balancer's PROXY header
// names, which those limits then count by.
import { randomBytes, randomInt } from 'node:crypto';
import net from 'node:net';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { createApiKey } from '../../core/accounts/apiKeys';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { makeTlsFiles, startRelay, type RunningRelay, type TlsFiles } from '../helpers/smtpRelay';
import { send, testSendBody } from '../api/helpers/http';
import { sendWithNodemailer, type RelayAddress } from './clients';

let stack: ServiceStack;
let tls: TlsFiles;
let relay: RunningRelay;
/** Three connections at once per client address. */
let capped: RunningRelay;
/** Two connections at once per client address, idle ones closed after 1.5 s. */
let idleClosing: RunningRelay;
/** Behind a "load balancer" on 127.0.0.1 that sends PROXY headers: two connections and two failed logins per client. */
let proxied: RunningRelay;

beforeAll(async () => {
  // Three sends a minute per key, two recipients a transaction, two failed logins per address.
  stack = await startServiceStack({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
  tls = await makeTlsFiles();
  relay = await startRelay(stack, tls, { SMTP_MAX_RECIPIENTS: '2', SMTP_AUTH_FAILURES_PER_IP: '2' });
  capped = await startRelay(stack, tls, { SMTP_MAX_CLIENTS_PER_IP: '3' });
  idleClosing = await startRelay(stack, tls, { SMTP_MAX_CLIENTS_PER_IP: '2', SMTP_SOCKET_TIMEOUT_MS: '1500' });
  proxied = await startRelay(stack, tls, {
    SMTP_PROXY_PROTOCOL_PEERS: '127.0.0.1',
    SMTP_MAX_CLIENTS_PER_IP: '2',
    SMTP_AUTH_FAILURES_PER_IP: '2',
  });
});
afterAll(async () => {
  for (const r of [relay, capped, idleClosing, proxied]) await r?.stop();
  await stack?.stop();
});

const address = (apiKey: string): RelayAddress => ({ port: relay.port, secure: false, apiKey, ca: tls.cert });
const to = (stack: ServiceStack, n: number) =>
  Array.from({ length: n }, () => `delivered+${randomBytes(3).toString('hex')}@${stack.config.testDomain}`);
const message = (s: SenderFixture, recipients: string[]) => ({
  from: `hello@${s.domain}`,
  to: recipients,
  subject: `limits ${randomBytes(4).toString('hex')}`,
  text: 'Hello.',
});
/** A PROXY v1 header as a load balancer writes it: the client's address and port, then the relay's. */
const proxyHeader = (client: string, port: number) =>
  net.isIPv6(client)
    ? `PROXY TCP6 ${client} ::1 ${randomInt(1024, 65535)} ${port}\r\n`
    : `PROXY TCP4 ${client} 127.0.0.1 ${randomInt(1024, 65535)} ${port}\r\n`;
/** Client addresses of the documentation ranges, a fresh one each time. */
const clientAddress = (range: '198.51.100' | '203.0.113') => `${range}.${randomInt(1, 255)}`;
/** A fresh IPv6 /64 of the documentation range, as its first four groups (`2001:db8:x:y`). */
const ipv6Block = () => `2001:db8:${randomInt(1, 0xffff).toString(16)}:${randomInt(1, 0xffff).toString(16)}`;

interface Open {
  smtp: SMTPConnection;
  socket: net.Socket;
}

/**
 * One SMTP session held open (Nodemailer's SMTP client, up to its EHLO) on a socket this test
 * opens from `localAddress`. With `proxyFrom` the socket plays the load balancer: its first line
 * is the PROXY header naming that client, then the client's SMTP goes through unchanged.
 */
function openSession(
  target: RunningRelay,
  opts: { localAddress?: string; implicitTls?: boolean; proxyFrom?: string } = {},
): Promise<Open> {
  const port = opts.implicitTls ? target.smtpsPort : target.port;
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: opts.localAddress ?? '127.0.0.1' });
    socket.once('error', reject);
    socket.once('connect', () => {
      if (opts.proxyFrom) socket.write(proxyHeader(opts.proxyFrom, port));
      const smtp = new SMTPConnection({
        connection: socket,
        secure: opts.implicitTls ?? false,
        ignoreTLS: true,
        tls: { ca: tls.cert, servername: 'localhost' },
      });
      // Later errors (the relay closing an idle session) only settle an already settled promise.
      smtp.on('error', reject);
      smtp.connect(() => resolve({ smtp, socket }));
    });
  });
}
type Refusal = { responseCode?: number; response?: string };
/** The reply refusing a session, or 'accepted' (closed at once) when there was none. */
async function refusedSession(...args: Parameters<typeof openSession>): Promise<Refusal | 'accepted'> {
  try {
    (await openSession(...args)).smtp.close();
    return 'accepted';
  } catch (err) {
    return err as Refusal;
  }
}
const quit = (open: Open) =>
  new Promise<void>((resolve) => {
    open.socket.once('close', () => resolve());
    open.smtp.quit();
  });
/** A session as soon as the relay has let go of a closed one (its close is seen a moment after the client's). */
async function openWhenFree(...args: Parameters<typeof openSession>): Promise<Open> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await openSession(...args);
    } catch (err) {
      if ((err as Refusal).responseCode !== 421 || attempt >= 50) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
const tooManyConnections = expect.objectContaining({
  responseCode: 421,
  response: expect.stringMatching(/^421 4\.7\.0 /),
});

test('recipients past the maximum of a transaction are refused at RCPT (452 4.5.3); the others go', async () => {
  const s = await createSender(stack.db);
  const recipients = to(stack, 3);
  const info = await sendWithNodemailer(address(s.apiKey), message(s, recipients));
  expect(info.accepted).toEqual(recipients.slice(0, 2));
  expect(info.rejected).toEqual([recipients[2]]);
  expect(info.rejectedErrors?.[0]?.message).toMatch(/452 4\.5\.3/);
});

test('each recipient costs one point of the key’s per-minute limit, which the HTTP API shares (451 4.7.0 past it)', async () => {
  const s = await createSender(stack.db);
  expect((await send(stack, s.apiKey, testSendBody(stack, s.domain))).status).toBe(200); // 1 of 3 over HTTP
  const recipients = to(stack, 2);
  const info = await sendWithNodemailer(address(s.apiKey), message(s, recipients)); // 2 and 3 over SMTP
  expect(info.accepted).toEqual(recipients);
  const over = await sendWithNodemailer(address(s.apiKey), message(s, to(stack, 1))).catch(
    (err: { responseCode?: number; response?: string }) => err,
  );
  expect(over).toMatchObject({ responseCode: 451, response: expect.stringMatching(/4\.7\.0/) });
  expect((await send(stack, s.apiKey, testSendBody(stack, s.domain))).status).toBe(429); // and the HTTP API is out too
});

test('after too many failed logins from an address, even a good key is refused for the window (454 4.7.0)', async () => {
  const s = await createSender(stack.db);
  const bad = `pk_${'0'.repeat(16)}_${'0'.repeat(64)}`;
  for (let i = 0; i < 2; i++) {
    const failed = await sendWithNodemailer(address(bad), message(s, to(stack, 1))).catch(
      (err: { responseCode?: number }) => err,
    );
    expect(failed).toMatchObject({ responseCode: 535 });
  }
  const locked = await sendWithNodemailer(address(s.apiKey), message(s, to(stack, 1))).catch(
    (err: { responseCode?: number; response?: string }) => err,
  );
  expect(locked).toMatchObject({ responseCode: 454, response: expect.stringMatching(/4\.7\.0/) });
});

test('past SMTP_MAX_CLIENTS_PER_IP connections from one address (both ports count), the next is refused at connect (421 4.7.0); another address still connects; closing one frees a slot', async () => {
  const held = [await openSession(capped), await openSession(capped), await openSession(capped, { implicitTls: true })];
  expect(await refusedSession(capped)).toEqual(tooManyConnections);
  expect(await refusedSession(capped, { implicitTls: true })).toEqual(tooManyConnections);
  // Linux routes all of 127.0.0.0/8 to the loopback interface: 127.0.0.2 is another client.
  const other = await openSession(capped, { localAddress: '127.0.0.2' });
  await quit(held.shift()!);
  held.push(await openWhenFree(capped));
  expect(await refusedSession(capped)).toEqual(tooManyConnections);
  for (const open of [...held, other]) await quit(open);
});

test('a connection gives its slot back however it ends: reset by the client, or closed by the relay when idle', async () => {
  const [reset, idle] = [await openSession(idleClosing), await openSession(idleClosing)];
  expect(await refusedSession(idleClosing)).toEqual(tooManyConnections);
  reset.socket.resetAndDestroy();
  await new Promise<void>((resolve) => idle.socket.once('close', () => resolve())); // the relay's idle timeout
  const again = [await openWhenFree(idleClosing), await openWhenFree(idleClosing)];
  // Exactly two again: the refused attempts took no slot and the closed ones gave theirs back once.
  expect(await refusedSession(idleClosing)).toEqual(tooManyConnections);
  for (const open of again) await quit(open);
});

describe('behind a load balancer that sends the PROXY protocol header (SMTP_PROXY_PROTOCOL_PEERS)', () => {
  /** Nodemailer through the "load balancer": every connection opens with a PROXY header naming `client`. */
  const sendAs = (client: string, apiKey: string, msg: Mail.Options) => {
    const transport = nodemailer.createTransport({
      host: 'localhost',
      port: proxied.port,
      secure: false,
      requireTLS: true,
      auth: { user: 'postage', pass: apiKey },
      tls: { ca: tls.cert },
      getSocket: (_options, callback) => {
        const socket = net.connect({ host: '127.0.0.1', port: proxied.port });
        socket.once('error', (err) => callback(err, undefined));
        socket.once('connect', () => {
          socket.write(proxyHeader(client, proxied.port));
          callback(null, { connection: socket });
        });
      },
    });
    return transport.sendMail(msg).finally(() => transport.close());
  };

  test('each client named by the header has its own failed-login lock: one is locked out, the other still sends', async () => {
    const s = await createSender(stack.db);
    const [locked, other] = [clientAddress('198.51.100'), clientAddress('203.0.113')];
    const bad = `pk_${'0'.repeat(16)}_${'0'.repeat(64)}`;
    for (let i = 0; i < 2; i++)
      await expect(sendAs(locked, bad, message(s, to(stack, 1)))).rejects.toMatchObject({ responseCode: 535 });
    await expect(sendAs(locked, s.apiKey, message(s, to(stack, 1)))).rejects.toMatchObject({
      responseCode: 454,
      response: expect.stringMatching(/4\.7\.0/),
    });
    const recipients = to(stack, 1);
    const info = await sendAs(other, s.apiKey, message(s, recipients));
    expect(info.accepted).toEqual(recipients);
  });

  test('a key bound to a network: accepted from a client the header places in it, 535 5.7.1 from one it places outside, which counts as no failed login', async () => {
    const s = await createSender(stack.db);
    const { secret } = await createApiKey(
      stack.db,
      { accountId: s.account.id, name: 'documentation network', networks: ['198.51.100.0/24'] },
      'test',
    );
    const outside = clientAddress('203.0.113');
    // More refusals than SMTP_AUTH_FAILURES_PER_IP: none is a guess, so no lock follows.
    for (let i = 0; i < 3; i++)
      await expect(sendAs(outside, secret, message(s, to(stack, 1)))).rejects.toMatchObject({
        responseCode: 535,
        response: expect.stringMatching(/^535 5\.7\.1 /),
      });
    const recipients = to(stack, 1);
    expect((await sendAs(outside, s.apiKey, message(s, recipients))).accepted).toEqual(recipients);
    const inside = to(stack, 1);
    expect((await sendAs(clientAddress('198.51.100'), secret, message(s, inside))).accepted).toEqual(inside);
  });

  test('a client is its IPv6 /64: two addresses of one /64 share SMTP_MAX_CLIENTS_PER_IP, another /64 does not', async () => {
    const [block, other] = [ipv6Block(), ipv6Block()];
    const held = [
      await openSession(proxied, { proxyFrom: `${block}::1` }),
      await openSession(proxied, { proxyFrom: `${block}:ffff::2`, implicitTls: true }),
    ];
    expect(await refusedSession(proxied, { proxyFrom: `${block}::9` })).toEqual(tooManyConnections);
    held.push(await openSession(proxied, { proxyFrom: `${other}::1` }));
    for (const open of held) await quit(open);
  });

  test('failed logins lock the whole IPv6 /64: another address of it is refused (454 4.7.0), another /64 still sends', async () => {
    const s = await createSender(stack.db);
    const [block, other] = [ipv6Block(), ipv6Block()];
    const bad = `pk_${'0'.repeat(16)}_${'0'.repeat(64)}`;
    for (const host of ['::1', ':1::2'])
      await expect(sendAs(`${block}${host}`, bad, message(s, to(stack, 1)))).rejects.toMatchObject({
        responseCode: 535,
      });
    await expect(sendAs(`${block}:ffff::3`, s.apiKey, message(s, to(stack, 1)))).rejects.toMatchObject({
      responseCode: 454,
      response: expect.stringMatching(/4\.7\.0/),
    });
    const recipients = to(stack, 1);
    expect((await sendAs(`${other}::1`, s.apiKey, message(s, recipients))).accepted).toEqual(recipients);
  });

  test('connections are counted by the address the header names, not the balancer’s; a peer not listed speaks SMTP directly', async () => {
    const [client, other] = [clientAddress('198.51.100'), clientAddress('203.0.113')];
    const held = [
      await openSession(proxied, { proxyFrom: client }),
      await openSession(proxied, { proxyFrom: client, implicitTls: true }),
    ];
    expect(await refusedSession(proxied, { proxyFrom: client })).toEqual(tooManyConnections);
    // The same balancer address, another client behind it.
    held.push(await openSession(proxied, { proxyFrom: other }), await openSession(proxied, { proxyFrom: other }));
    // 127.0.0.2 is not a listed peer: no header is expected from it, and it counts as itself.
    held.push(await openSession(proxied, { localAddress: '127.0.0.2' }));
    for (const open of held) await quit(open);
  });
});

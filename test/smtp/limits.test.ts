// The relay's abuse limits, as a client meets them: recipients per transaction, the API key's rate
// limit (shared with the HTTP API, one point per recipient), and failed logins per client address.
import { randomBytes } from 'node:crypto';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { makeTlsFiles, startRelay, type RunningRelay, type TlsFiles } from '../helpers/smtpRelay';
import { send, testSendBody } from '../api/helpers/http';
import { sendWithNodemailer, type RelayAddress } from './clients';

let stack: ServiceStack;
let tls: TlsFiles;
let relay: RunningRelay;

beforeAll(async () => {
  // Three sends a minute per key, two recipients a transaction, two failed logins per address.
  stack = await startServiceStack({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
  tls = await makeTlsFiles();
  relay = await startRelay(stack, tls, { SMTP_MAX_RECIPIENTS: '2', SMTP_AUTH_FAILURES_PER_IP: '2' });
});
afterAll(async () => {
  await relay?.stop();
  await stack?.stop();
});

const address = (apiKey: string): RelayAddress => ({ port: relay.port, secure: false, apiKey, ca: tls.cert });
const to = (stack: ServiceStack, n: number) => Array.from({ length: n }, () => `delivered+${randomBytes(3).toString('hex')}@${stack.config.testDomain}`);
const message = (s: SenderFixture, recipients: string[]) => ({ from: `hello@${s.domain}`, to: recipients, subject: `limits ${randomBytes(4).toString('hex')}`, text: 'Hello.' });

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
  const over = await sendWithNodemailer(address(s.apiKey), message(s, to(stack, 1))).catch((err: { responseCode?: number; response?: string }) => err);
  expect(over).toMatchObject({ responseCode: 451, response: expect.stringMatching(/4\.7\.0/) });
  expect((await send(stack, s.apiKey, testSendBody(stack, s.domain))).status).toBe(429); // and the HTTP API is out too
});

test('after too many failed logins from an address, even a good key is refused for the window (454 4.7.0)', async () => {
  const s = await createSender(stack.db);
  const bad = `pk_${'0'.repeat(16)}_${'0'.repeat(64)}`;
  for (let i = 0; i < 2; i++) {
    const failed = await sendWithNodemailer(address(bad), message(s, to(stack, 1))).catch((err: { responseCode?: number }) => err);
    expect(failed).toMatchObject({ responseCode: 535 });
  }
  const locked = await sendWithNodemailer(address(s.apiKey), message(s, to(stack, 1))).catch((err: { responseCode?: number; response?: string }) => err);
  expect(locked).toMatchObject({ responseCode: 454, response: expect.stringMatching(/4\.7\.0/) });
});

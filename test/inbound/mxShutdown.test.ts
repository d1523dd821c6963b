// SIGTERM to the MX listener process in the middle of a message: it takes no new connection or
// transaction, lets the one in progress finish (its 250 means its rows are committed), then exits.
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { startMxProcess, type MxProcess } from '../helpers/mxListener';
import { createInbound, storedFor, type InboundFixture } from './fixtures';

let stack: ServiceStack;
let inbound: InboundFixture;
let mx: MxProcess | undefined;

beforeAll(async () => {
  stack = await startServiceStack({ worker: false });
  inbound = await createInbound(stack.db);
});
afterAll(async () => {
  await mx?.process.stop();
  await stack?.stop();
});

function connect(port: number): Promise<SMTPConnection> {
  return new Promise((resolve, reject) => {
    const smtp = new SMTPConnection({ host: '127.0.0.1', port, ignoreTLS: true, name: 'sender.example.org' });
    smtp.once('error', reject);
    smtp.connect(() => resolve(smtp));
  });
}

test('SIGTERM during DATA: new connections get 421, the message in progress is accepted and stored, then the process exits 0', async () => {
  mx = await startMxProcess(stack, { env: { SHUTDOWN_TIMEOUT_MS: '20000' } });
  const to = `support@${inbound.domain}`;
  const subject = `shutdown-${randomBytes(6).toString('hex')}`;
  const smtp = await connect(mx.port);
  const body = new PassThrough();
  const sent = new Promise<SMTPConnection.SentMessageInfo>((resolve, reject) =>
    smtp.send({ from: 'ann@sender.example.org', to: [to] }, body, (err, info) => (err ? reject(err) : resolve(info))),
  );
  // The first half: the listener is now inside DATA.
  body.write(`From: ann@sender.example.org\r\nTo: ${to}\r\nSubject: ${subject}\r\n\r\n`);
  body.write(`${'first half\r\n'.repeat(1000)}`);
  await new Promise((r) => setTimeout(r, 500));

  const exited = new Promise<number | null>((resolve) => mx!.process.child.once('exit', (code) => resolve(code)));
  mx.process.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  const late = await connect(mx.port).then(
    (s) => {
      s.close();
      return 'accepted';
    },
    (err: { responseCode?: number; response?: string }) => err,
  );
  expect(late).toMatchObject({ responseCode: 421, response: expect.stringMatching(/^421 4\.3\.2 /) });
  expect(mx.process.child.exitCode).toBeNull(); // still finishing the transaction

  body.end(`${'second half\r\n'.repeat(1000)}`);
  const info = await sent;
  expect(info.response).toMatch(/^250 2\.6\.0 Message accepted: [0-9a-f-]{36}$/);
  smtp.close();
  expect(await exited).toBe(0);
  const rows = (await storedFor(stack.db, to)).filter((r) => r.raw.toString().includes(subject));
  expect(rows).toHaveLength(1);
  expect(rows[0]!.raw.toString()).toContain('second half\r\n');
  expect(info.response).toContain(rows[0]!.id);
});

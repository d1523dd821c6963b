// Attachments up to the documented limit (10 MiB in total, decoded) are accepted and reach SES
// byte for byte; just over it is a 400 that says so. Strict base64 is checked in one linear pass:
// a regular expression over the whole content once failed at about 4.4 million characters (500).
// A private SES emulator keeps these megabytes out of the store other test files read.
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { freePort, type ManagedProcess } from '../../tools/stack/processes';
import { sesEmulatorStore, startSesEmulator } from '../../tools/stack/sesEmulator';
import { testInfra } from '../helpers/env';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';
import { send } from './helpers/http';
import { loadOpenApiCheck } from './helpers/openApi';

const MiB = 1024 * 1024;
let emulator: { process: ManagedProcess; endpoint: string };
let stack: ServiceStack;
let sender: SenderFixture;

beforeAll(async () => {
  const port = await freePort();
  emulator = await startSesEmulator({
    port,
    logFile: path.join(testInfra().runDir, 'logs', `ses-emulator-large-${port}.log`),
  });
  stack = await startServiceStack({ env: { SES_ENDPOINT: emulator.endpoint, OUTCOME_TIMEOUT_SECONDS: '1' } });
  sender = await createSender(stack.db);
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await emulator?.process.stop();
});

test.each([1, 5, 9.9])(
  'a single %s MiB attachment is accepted and reaches SES intact',
  async (mib) => {
    const data = randomBytes(Math.floor(mib * MiB));
    const subject = `Large ${mib} MiB ${randomUUID()}`;
    const res = await send(stack, sender.apiKey, {
      from_email: `hello@${sender.domain}`,
      to: `success@${stack.config.simulatorDomain}`,
      subject,
      message: 'The file is attached.',
      attachments: [
        { filename: 'archive.bin', content: data.toString('base64'), content_type: 'application/octet-stream' },
      ],
    });
    expect({ status: res.status, attachments: res.json.attachments }).toEqual({ status: 200, attachments: 1 });
    const stored = await eventually(
      'SES to hold the message',
      async () => (await sesEmulatorStore(emulator.endpoint)).find((m) => m.subject === subject),
      60_000,
    );
    expect(stored.attachments).toHaveLength(1);
    expect(stored.attachments[0]!.filename).toBe('archive.bin');
    expect(Buffer.from(stored.attachments[0]!.content, 'base64').equals(data)).toBe(true);
  },
  90_000,
);

test('just over 10 MiB of attachments in total is a 400 that names the limit', async () => {
  const half = randomBytes(5 * MiB + 1).toString('base64');
  const res = await send(stack, sender.apiKey, {
    from_email: `hello@${sender.domain}`,
    to: `delivered@${stack.config.testDomain}`,
    subject: 'Too much',
    attachments: [
      { filename: 'a.bin', content: half },
      { filename: 'b.bin', content: half },
    ],
  });
  expect(res.status).toBe(400);
  expect(res.json.errors).toEqual({
    attachments: [`Attachments may total at most ${10 * MiB} bytes once decoded (got ${10 * MiB + 2}).`],
  });
  (await loadOpenApiCheck(stack.baseUrl))('/api/send/', 'post', res);
});

test('a few megabytes of content that are not strict base64 are a 400, never a 500', async () => {
  const content = `${'QUJD'.repeat(1_200_000)}*`; // 4.8 million characters, the last one outside the alphabet
  const res = await send(stack, sender.apiKey, {
    from_email: `hello@${sender.domain}`,
    to: `delivered@${stack.config.testDomain}`,
    attachments: [{ filename: 'a.bin', content }],
  });
  expect(res.status).toBe(400);
  expect(Object.keys(res.json.errors as object)).toEqual(['attachments[0].content']);
});

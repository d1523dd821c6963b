// The local SES path plays SES's maximum sending rate (tools/stack/throttledSes.ts): per access
// key, sends beyond the rate in any second are refused as SES refuses them, through the real
// SES v2 client, and never reach the emulator; GetAccount says the same rate.
import { randomUUID } from 'node:crypto';
import { GetAccountCommand, SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { clientOptions } from '../../core/platform/awsClients';
import { sesEmulatorStore } from '../../tools/stack/sesEmulator';
import { startThrottledSes, type ThrottledSes } from '../../tools/stack/throttledSes';

const RATE = 5;
let ses: ThrottledSes;
beforeAll(async () => {
  ses = await startThrottledSes({ rate: RATE });
}, 60_000);
afterAll(async () => {
  await ses?.stop();
});

/** A client of its own AWS account (access key), configured as Postage's own: one attempt. */
function client(accessKeyId = `AKIA${randomUUID().slice(0, 12).toUpperCase()}`): SESv2Client {
  return new SESv2Client(
    clientOptions(
      { region: 'us-east-1', endpoint: ses.endpoint, credentials: { accessKeyId, secretAccessKey: 'x' } },
      10_000,
    ),
  );
}

/** Fires `count` sends at once; what each came to: 'sent' or the error's name. */
async function sendAtOnce(sesClient: SESv2Client, count: number, subject: string): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      sesClient
        .send(
          new SendEmailCommand({
            FromEmailAddress: 'hello@example.com',
            Destination: { ToAddresses: [`to${i}@example.org`] },
            Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: 'Hi.' } } } },
          }),
        )
        .then(
          () => 'sent',
          (err: Error) => err.name,
        ),
    ),
  );
}

const tally = (outcomes: string[]) =>
  Object.fromEntries([...new Set(outcomes)].map((o) => [o, outcomes.filter((x) => x === o).length]));
const stored = async (subject: string) =>
  (await sesEmulatorStore(ses.recorder.upstream)).filter((e) => e.subject === subject).length;

test('twelve sends at once at 5 a second: 5 accepted, 7 refused as TooManyRequestsException, 5 reach the emulator', async () => {
  const subject = `Burst ${randomUUID()}`;
  expect(tally(await sendAtOnce(client(), 12, subject))).toEqual({ sent: 5, TooManyRequestsException: 7 });
  expect(await stored(subject)).toBe(5);
});

test('a second after the rate was used up, sends are accepted again', async () => {
  const sesClient = client();
  const subject = `Again ${randomUUID()}`;
  expect(tally(await sendAtOnce(sesClient, 6, subject))).toEqual({ sent: 5, TooManyRequestsException: 1 });
  await new Promise((resolve) => setTimeout(resolve, 1100));
  expect(tally(await sendAtOnce(sesClient, 5, subject))).toEqual({ sent: 5 });
  expect(await stored(subject)).toBe(10);
});

test('each access key has its own rate, and GET /pace counts each', async () => {
  const [ann, bob] = [`AKIAANN${randomUUID().slice(0, 8)}`, `AKIABOB${randomUUID().slice(0, 8)}`];
  const outcomes = await Promise.all([ann, bob].map((key) => sendAtOnce(client(key), 7, `Keys ${randomUUID()}`)));
  expect(outcomes.map(tally)).toEqual([
    { sent: 5, TooManyRequestsException: 2 },
    { sent: 5, TooManyRequestsException: 2 },
  ]);
  const pace = (await (await fetch(`${ses.endpoint}/pace`)).json()) as {
    sendRate: number;
    keys: Record<string, { accepted: number; throttled: number }>;
  };
  expect(pace.sendRate).toBe(RATE);
  expect([pace.keys[ann], pace.keys[bob]]).toEqual([
    { accepted: 5, throttled: 2 },
    { accepted: 5, throttled: 2 },
  ]);
});

test('sends spread over two seconds are accepted no more than 5 in any second', async () => {
  const key = `AKIASPREAD${randomUUID().slice(0, 6)}`;
  const sesClient = client(key);
  for (let round = 0; round < 8; round += 1) {
    await sendAtOnce(sesClient, 3, `Spread ${randomUUID()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const times = ses.recorder.acceptedAt(key);
  expect(times.length).toBeGreaterThan(RATE);
  for (let i = 0; i + RATE < times.length; i += 1) expect(times[i + RATE]! - times[i]!).toBeGreaterThanOrEqual(1000);
  expect(ses.recorder.pace().keys[key]).toEqual({ accepted: times.length, throttled: 24 - times.length });
});

test('GetAccount says the same maximum sending rate', async () => {
  const account = await client().send(new GetAccountCommand({}));
  expect(account.SendQuota?.MaxSendRate).toBe(RATE);
});

// GET /api/reputation (docs/reputation.md, "Your rates") through the real pipeline: real shared
// sends accepted by SES, their bounces and complaints arriving as SES publishes them, through SNS,
// at the API's unmodified /provider/ses-events. One account's rates, by domain and by day, move with
// its own outcomes only; another account's stay at zero; `postage-admin reputation` lists the
// account nearest its pause level first. SES's mailbox simulator does not count toward SES's
// rates, nor toward Postage's, so the recipients here are real-looking addresses.
import { utcDay } from '../../core/platform/db';
import { createApiKey } from '../../core/accounts/apiKeys';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { acceptedSend, publishOutcome, startSnsPipeline, type SnsPipeline } from '../helpers/snsPipeline';
import { eventually } from '../helpers/wait';
import { cliFor, ok } from '../cli/cliHarness';
import { loadOpenApiCheck, type DocumentedCheck } from '../api/helpers/openApi';
import { call } from '../api/helpers/http';

let pipeline: SnsPipeline;
let documented: DocumentedCheck;
let careless: SenderFixture;
let careful: SenderFixture;

// Low minimums, so four sends make a rate that counts; pause levels out of reach.
const REPUTATION_ENV = {
  REPUTATION_MIN_SENDS: '3',
  REPUTATION_MIN_EVENTS: '1',
  BOUNCE_RATE_THRESHOLD: '0.9',
  COMPLAINT_RATE_THRESHOLD: '0.9',
  BOUNCE_RATE_WARNING: '0.2',
  COMPLAINT_RATE_WARNING: '0.8',
};

beforeAll(async () => {
  pipeline = await startSnsPipeline(REPUTATION_ENV);
  documented = await loadOpenApiCheck(pipeline.stack.baseUrl);
  [careless, careful] = [await createSender(pipeline.stack.db), await createSender(pipeline.stack.db)];
});

afterAll(async () => {
  await pipeline?.stop();
});

type Report = Record<string, unknown> & { account: Record<string, unknown> };

/** Read with a full_access key: a sending key only sends. */
async function reputationOf(sender: SenderFixture): Promise<Report> {
  const { secret } = await createApiKey(
    pipeline.stack.db,
    { accountId: sender.account.id, name: 'rates', permission: 'full_access' },
    'test',
  );
  const res = await call(`${pipeline.stack.baseUrl}/api/reputation`, { headers: { 'X-API-Key': secret } });
  documented('/api/reputation', 'get', res);
  expect(res.status).toBe(200);
  return res.json as Report;
}

test("one account's bounce and complaint move its own rates, by domain and by day, and no other account's", async () => {
  const sesIds = [];
  for (let i = 0; i < 4; i += 1) sesIds.push((await acceptedSend(pipeline, careless)).sesId);
  await acceptedSend(pipeline, careful);
  await publishOutcome(pipeline, 'Bounce', sesIds[0]!);
  await publishOutcome(pipeline, 'Complaint', sesIds[1]!);

  const counted = { sends: 4, hard_bounces: 1, complaints: 1, bounce_rate: 0.25, complaint_rate: 0.25 };
  const report = await eventually('both outcomes to count', async () => {
    const r = await reputationOf(careless);
    return r.account.hard_bounces === 1 && r.account.complaints === 1 ? r : undefined;
  });
  expect(report).toMatchObject({
    window_days: 7,
    min_sends: 3,
    min_events: 1,
    sending: { paused: false, reason: null, paused_at: null },
    levels: {
      bounce_rate: { warning: 0.2, postage_pause: 0.9, ses_review: 0.05, ses_pause: 0.1 },
      complaint_rate: { warning: 0.8, postage_pause: 0.9, ses_review: 0.001, ses_pause: 0.005 },
    },
    account: { ...counted, bounce_standing: 'warning', complaint_standing: 'ok' },
    domains: [{ domain: careless.domain, ...counted }],
  });
  const trend = report.trend as { date: string }[];
  expect(trend).toHaveLength(14);
  expect(trend[13]).toEqual({ date: utcDay(new Date()), ...counted });
  expect(trend[0]).toMatchObject({ sends: 0, bounce_rate: 0 });

  expect((await reputationOf(careful)).account).toEqual({
    sends: 1,
    hard_bounces: 0,
    complaints: 0,
    bounce_rate: 0,
    complaint_rate: 0,
    bounce_standing: 'too_few_sends',
    complaint_standing: 'too_few_sends',
  });

  const cli = cliFor({ DATABASE_URL: pipeline.stack.database.url, ...REPUTATION_ENV });
  const listed = JSON.parse(ok(await cli(['reputation', '--json'])).stdout) as Record<string, unknown>[];
  expect(listed.map((r) => r.account_id)).toEqual([careless.account.id, careful.account.id]);
  expect(listed[0]).toMatchObject({ ...counted, paused: false, enough_volume: true });
  expect(listed[0]!.nearness).toBeCloseTo(0.25 / 0.9);
});

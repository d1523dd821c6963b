// The pacer's turns (core/sending/sesPacing.ts) on the run's real Redis, asked as sendViaSes asks:
// a message told to wait asks again when told. Two pacers on two connections stand for two workers.
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type Redis from 'ioredis';
import { createRedis } from '../../core/platform/redis';
import { createSesPacer, type SesPacer, type SendLane } from '../../core/sending/sesPacing';
import { testConfig } from '../helpers/config';

const config = testConfig();
let redises: Redis[];
let workers: SesPacer[];

beforeEach(async () => {
  const settings = { keyPrefix: `pace-${randomBytes(6).toString('hex')}`, fallbackRate: 10, headroom: 0.95 };
  redises = [createRedis(config), createRedis(config)];
  await Promise.all(redises.map((r) => once(r, 'ready')));
  workers = redises.map((r) => createSesPacer(r, settings));
});
afterEach(() => redises.forEach((r) => r.disconnect()));

interface Sent {
  label: string;
  /** When its call is made (its turn). */
  at: number;
  /** When it first asked. */
  askedAt: number;
}

/** Each message asks, waits as told, asks again, until its turn; asks alternate between the workers. */
async function sendAll(messages: { label: string; accountId: string; lane: SendLane; after?: number }[]) {
  const sent: Sent[] = [];
  let n = 0;
  await Promise.all(
    messages.map(async (m) => {
      if (m.after) await sleep(m.after);
      const messageId = randomUUID();
      const askedAt = Date.now();
      for (;;) {
        const turn = await workers[n++ % 2]!.take('shared', { messageId, accountId: m.accountId, lane: m.lane });
        // A turn is a slot at most the horizon ahead: the call is made then.
        if (turn.go) return void sent.push({ label: m.label, at: Date.now() + turn.inMs, askedAt });
        await sleep(turn.waitMs);
      }
    }),
  );
  return sent.sort((a, b) => a.at - b.at);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const most = (times: number[], windowMs: number) =>
  Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + windowMs).length));

test('two workers together never go past the rate in any second', async () => {
  const sent = await sendAll(Array.from({ length: 35 }, (_, i) => ({ label: `m${i}`, accountId: 'a', lane: 'bulk' })));
  expect(sent).toHaveLength(35);
  expect(
    most(
      sent.map((s) => s.at),
      1000,
    ),
  ).toBeLessThanOrEqual(10);
  // ...and keep to it: 35 turns at 9.5 a second take about 3.6 s.
  expect(sent.at(-1)!.at - sent[0]!.at).toBeLessThan(4500);
});

test("a one-off send goes ahead of another account's waiting batch, and of its own", async () => {
  const batch = Array.from({ length: 30 }, (_, i) => ({ label: `a${i}`, accountId: 'a', lane: 'bulk' as const }));
  const sent = await sendAll([
    ...batch,
    { label: 'b-single', accountId: 'b', lane: 'single', after: 500 },
    { label: 'a-single', accountId: 'a', lane: 'single', after: 700 },
  ]);
  const place = (label: string) => sent.findIndex((s) => s.label === label);
  // By 500 ms about 5 of the batch went; each single goes at the next turn or the one after.
  expect(place('b-single')).toBeLessThanOrEqual(8);
  expect(place('a-single')).toBeLessThanOrEqual(10);
});

test("an account's batch shares the rate with another's instead of waiting behind it", async () => {
  const a = Array.from({ length: 30 }, (_, i) => ({ label: `a${i}`, accountId: 'a', lane: 'bulk' as const }));
  const c = Array.from({ length: 5 }, (_, i) => ({
    label: `c${i}`,
    accountId: 'c',
    lane: 'bulk' as const,
    after: 300,
  }));
  const sent = await sendAll([...a, ...c]);
  const lastOfC = Math.max(...sent.map((s, i) => (s.label.startsWith('c') ? i : -1)));
  // Counted from when C's first message really asked (its 300 ms sleep ends later on a busy
  // machine), as the turns already gone by then: about 3 on an idle one.
  const arrived = Math.min(...sent.filter((s) => s.label.startsWith('c')).map((s) => s.askedAt));
  const goneBefore = sent.filter((s) => s.at < arrived).length;
  // Turn about: C's five are done within about ten turns of arriving, not after A's thirty.
  expect(lastOfC - goneBefore).toBeLessThanOrEqual(13);
});

test('a throttle lowers the pace by a fifth, one in the same second not again, one after it further, and the queue says so', async () => {
  await workers[0]!.setRate('shared', 10);
  await workers[0]!.throttled('shared');
  const once = await workers[1]!.queue('shared', 'a');
  // 10 a second, 95 % of it, less a fifth: 7.6 (climbing back by 0.1 a second).
  expect(once.pacePerSecond).toBeGreaterThanOrEqual(7.6);
  expect(once.pacePerSecond).toBeLessThan(7.8);
  expect(once.sendRatePerSecond).toBe(10);
  expect(once.lastThrottledAt).not.toBeNull();
  // Another call that was already on its way at the old pace meets the same crowded second.
  await workers[1]!.throttled('shared');
  expect((await workers[1]!.queue('shared', 'a')).pacePerSecond).toBeGreaterThanOrEqual(7.6);
  await sleep(1_050);
  await workers[0]!.throttled('shared');
  expect((await workers[1]!.queue('shared', 'a')).pacePerSecond).toBeLessThan(6.3);
  const sent = await sendAll(Array.from({ length: 7 }, (_, i) => ({ label: `m${i}`, accountId: 'a', lane: 'bulk' })));
  // Six intervals at about 6 a second, not 9.5.
  expect(sent.at(-1)!.at - sent[0]!.at).toBeGreaterThan(900);
});

test('messages told to wait that never come back hold up the others only until they are given up', async () => {
  // Sent without a turn while Redis was away, or their workflow ended: forty told to wait never ask again.
  const settings = { keyPrefix: `pace-${randomBytes(6).toString('hex')}`, fallbackRate: 10, headroom: 0.95 };
  const pacer = createSesPacer(redises[0]!, { ...settings, abandonedMs: 300 });
  const gone = await Promise.all(
    Array.from({ length: 40 }, () => pacer.take('shared', { messageId: randomUUID(), accountId: 'a', lane: 'bulk' })),
  );
  expect(gone.filter((t) => !t.go).length).toBeGreaterThan(32);
  // Past the time the last of them was told to come back, and past being given up.
  await sleep(Math.max(...gone.map((t) => (t.go ? 0 : t.waitMs))) + 300 + 200);
  const messageId = randomUUID();
  const started = Date.now();
  for (;;) {
    // The same account's next message: its tag is behind all forty.
    const turn = await pacer.take('shared', { messageId, accountId: 'a', lane: 'bulk' });
    if (turn.go) break;
    expect(Date.now() - started).toBeLessThan(2_000);
    await sleep(Math.min(turn.waitMs, 100));
  }
});

test("the queue counts each account's own waiting messages", async () => {
  const asks = await Promise.all(
    [
      ...Array.from({ length: 4 }, () => ({ accountId: 'a', lane: 'bulk' as const })),
      { accountId: 'b', lane: 'single' as const },
    ].map((r) => workers[0]!.take('shared', { messageId: randomUUID(), ...r })),
  );
  // The slots within the horizon (a quarter of a second: three at 9.5 a second) are taken at once.
  const granted = asks.filter((t) => t.go).length;
  expect(granted).toBe(3);
  const a = await workers[1]!.queue('shared', 'a');
  const b = await workers[1]!.queue('shared', 'b');
  expect(a.waiting.single + a.waiting.bulk + b.waiting.single + b.waiting.bulk).toBe(5 - granted);
  expect(a.expectedWaitSeconds).toBeGreaterThan(0);
  expect(await workers[1]!.queue('shared', 'nobody')).toMatchObject({
    waiting: { single: 0, bulk: 0 },
    expectedWaitSeconds: 0,
  });
});

test("turns send the pacer's script by its SHA, not its text (the text at most once, when Redis lacks it)", async () => {
  // What the connection puts on the wire: each command's name, as ioredis sends it.
  const sent: string[] = [];
  const redis = redises[0]!;
  const sendCommand = redis.sendCommand.bind(redis);
  jest.spyOn(redis, 'sendCommand').mockImplementation((command, ...rest) => {
    sent.push(command.name);
    return sendCommand(command, ...rest);
  });
  for (let i = 0; i < 20; i++)
    await workers[0]!.take('shared', { messageId: randomUUID(), accountId: 'a', lane: 'single' });
  await workers[0]!.throttled('shared');
  expect(sent.filter((name) => name === 'evalsha').length).toBeGreaterThanOrEqual(20);
  expect(sent.filter((name) => name === 'eval').length).toBeLessThanOrEqual(2);
});

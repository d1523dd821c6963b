// The DATA the SMTP listeners hold (core/platform/smtpListener/dataBudget.ts): pieces as smtp-server
// hands them over, kept in a few chunks charged to the process's budget by their size, and given
// back when the message is answered or dropped.
import { PassThrough } from 'node:stream';
import type { SMTPServerDataStream } from 'smtp-server';
import { gatherData, memoryBudget, type GatheredData } from '../../core/platform/smtpListener/dataBudget';

/** A DATA stream as smtp-server's: a PassThrough with its size marks. */
function dataStream(): SMTPServerDataStream {
  return Object.assign(new PassThrough(), { byteLength: 0, sizeExceeded: false }) as SMTPServerDataStream;
}

/** Feeds `pieces` and ends the stream; resolves to how the DATA ended, with its budget and gathering. */
async function gather(pieces: Buffer[], limit: number, sizeExceeded = false) {
  const stream = dataStream();
  const budget = memoryBudget(limit);
  let end: (data: GatheredData) => void = () => undefined;
  const ended = new Promise<GatheredData>((resolve) => (end = resolve));
  const gathering = gatherData(stream, budget, (data) => end(data));
  for (const piece of pieces) stream.write(piece);
  stream.sizeExceeded = sizeExceeded;
  stream.end();
  return { data: await ended, budget, gathering };
}

/** What the budget has left: the largest charge it still takes, found by halving. */
function left(budget: ReturnType<typeof memoryBudget>, limit: number): number {
  let low = 0;
  let high = limit;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (budget.take(mid)) {
      budget.give(mid);
      low = mid;
    } else high = mid - 1;
  }
  return low;
}

const MiB = 1024 * 1024;

test('a hundred thousand dot-stuffed lines, each its own piece, are kept whole in a few chunks', async () => {
  const pieces = Array.from({ length: 100_000 }, () => Buffer.from('.\r\n'));
  const { data } = await gather(pieces, 16 * MiB);
  expect(data.kind).toBe('complete');
  const chunks = data.kind === 'complete' ? data.chunks : [];
  expect(Buffer.concat(chunks).equals(Buffer.concat(pieces))).toBe(true);
  expect(chunks.length).toBeLessThan(20);
});

test.each([
  ['a small message', 200],
  ['a message of one chunk and a bit', 64 * 1024 + 1],
  ['a large message', 3 * MiB + 17],
])(
  '%s is charged at most twice its size plus the first chunk, and all of it is given back once answered',
  async (_, size) => {
    const { data, budget, gathering } = await gather([Buffer.alloc(size, 'x')], 16 * MiB);
    expect(data.kind).toBe('complete');
    const charged = 16 * MiB - left(budget, 16 * MiB);
    expect(charged).toBeGreaterThanOrEqual(size);
    expect(charged).toBeLessThanOrEqual(Math.max(2 * size, size + 64 * 1024) + 512);
    gathering.release();
    expect(left(budget, 16 * MiB)).toBe(16 * MiB);
  },
);

test.each([
  ['past the budget', { size: 4096, limit: 1024, sizeExceeded: false }, 'too_much_in_flight'],
  ['past the message size', { size: 100, limit: 1024, sizeExceeded: true }, 'message_too_big'],
] as const)('%s: refused, and what it held is back in the budget before it is answered', async (_, c, kind) => {
  const { data, budget } = await gather([Buffer.alloc(c.size, 'x')], c.limit, c.sizeExceeded);
  expect(data).toEqual({ kind });
  expect(left(budget, c.limit)).toBe(c.limit);
});

test('a DATA whose connection ends gives back what it held at once, and is told it was abandoned', async () => {
  const stream = dataStream();
  const budget = memoryBudget(MiB);
  const ended: GatheredData[] = [];
  const gathering = gatherData(stream, budget, (data) => ended.push(data));
  stream.write(Buffer.alloc(10_000, 'x'));
  await new Promise((r) => setImmediate(r));
  expect(left(budget, MiB)).toBeLessThan(MiB);
  gathering.abandon();
  expect(left(budget, MiB)).toBe(MiB);
  stream.end();
  await new Promise((r) => setImmediate(r));
  expect(ended).toEqual([{ kind: 'abandoned' }]);
});

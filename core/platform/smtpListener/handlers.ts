// What the MX listener and the relay do alike around smtp-server: handlers that answer 451 when
// they throw, a DATA answered from its gathered chunks, listening, and stopping after the
// transactions in progress.
import type { Logger } from 'pino';
import type { SMTPServer, SMTPServerDataStream } from 'smtp-server';
import type { CountedConnection } from './connections';
import { gatherData, type GatheredData, type MemoryBudget } from './dataBudget';

type Callback = (err?: Error | null) => void;

/**
 * Wraps async handlers for smtp-server's callbacks. A handler that throws (a store down) is
 * logged as `failed` and answered with `unavailable(stage)`: the client retries, nothing was kept.
 */
export function guardHandlers(logger: Logger, failed: string, unavailable: (stage: string) => Error) {
  return <A extends unknown[]>(stage: string, handler: (...args: A) => Promise<Error | undefined>) =>
    (...args: [...A, Callback]): void => {
      const callback = args.pop() as Callback;
      handler(...(args as unknown as A)).then(
        (err) => callback(err ?? null),
        (err: unknown) => {
          logger.error({ stage, err }, failed);
          callback(unavailable(stage));
        },
      );
    };
}

/** How a listener answers a DATA: its refusals, and what it does with a complete message. */
export interface DataAnswers {
  refusal(kind: Exclude<GatheredData['kind'], 'complete'>): Error;
  /** The reply to a complete message (a string: 250 with that text); a throw is `failed`'s reply. */
  receive(chunks: Buffer[]): Promise<Error | string>;
  failed(err: unknown): Error;
}

/**
 * One DATA: gathered under `budget`, then answered; what it held is given back once the answer is
 * known, and the transaction is over.
 */
export function answerData(
  stream: SMTPServerDataStream,
  connection: CountedConnection,
  budget: MemoryBudget,
  answers: DataAnswers,
  callback: (err?: Error | null, message?: string) => void,
): void {
  const gathering = gatherData(stream, budget, (data) => {
    connection.abandonData = undefined;
    const finish = (err: Error | null, message?: string) => {
      gathering.release();
      callback(err, message);
      connection.inTransaction = false;
    };
    if (data.kind !== 'complete') return finish(answers.refusal(data.kind));
    answers.receive(data.chunks).then(
      (answer) => (answer instanceof Error ? finish(answer) : finish(null, answer)),
      (err: unknown) => finish(answers.failed(err)),
    );
  });
  connection.abandonData = gathering.abandon;
}

/** Listens on `host:port` (0: a free port) and resolves to the port. */
export function listenOn(server: SMTPServer, port: number, host: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/**
 * Lets the transactions in progress finish (up to `deadlineMs`), then closes the servers: idle
 * connections get 421 (smtp-server's close). The caller refuses new transactions first.
 */
export async function closeAfterTransactions(
  servers: SMTPServer[],
  inTransaction: () => boolean,
  deadlineMs: number,
): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (inTransaction() && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
}

// How a server process stops (the API, the SMTP relay, the MX listener): SIGTERM or SIGINT stops
// taking new work and lets the work in flight finish, then closes its connections and flushes the
// last spans, and exits 0; work still running at the deadline is cut off (its client retries:
// safely with an idempotency key, or as SMTP retries) and the process exits 1. A second signal
// changes nothing. (The worker's SDK does its own: worker/main.ts.)
import type { Logger } from 'pino';
import { ConfigError } from './config';

export function stopOnSignals(opts: {
  /** As the log lines name the process: 'API', 'SMTP relay'. */
  name: string;
  /** What finishes before it stops: 'requests in flight'. */
  inFlight: string;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** When the process exits 1 whatever is still running. */
  exitAfterMs: number;
  /** Takes no new work; resolves once the work in flight is done. */
  drain: () => Promise<void>;
  /** The connections and pools to close afterwards; a failure to close one does not stop the rest. */
  close: () => Promise<unknown>[];
  tracing: { shutdown(): Promise<void> };
}): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    opts.logger.info({ signal }, `${opts.name} stopping: finishing ${opts.inFlight}`);
    const deadline = setTimeout(() => {
      opts.logger.warn(`${opts.inFlight} still running at SHUTDOWN_TIMEOUT_MS: exiting`);
      process.exit(1);
    }, opts.exitAfterMs);
    deadline.unref();
    void opts
      .drain()
      .then(() => Promise.allSettled(opts.close()))
      .then(() => opts.tracing.shutdown()) // the last spans, those of the work just finished
      .catch(() => undefined)
      .then(() => {
        opts.logger.info(`${opts.name} stopped`);
        process.exit(0);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** Runs a process's main; a configuration problem exits 1 with one readable line, anything else with its stack. */
export function runMain(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(err instanceof ConfigError ? `postage: ${err.message}` : err);
    process.exit(1);
  });
}

// A provider call's liveness: the activity heartbeats every few seconds while it runs, so a worker
// that died is noticed after the heartbeat timeout (15 s, workflows/activityProxies.ts) instead of
// the whole attempt timeout. Each beat carries `details()`, the attempt's latest details, so a
// beat never replaces what the activity recorded with an older value.
import { Context } from '@temporalio/activity';

const HEARTBEAT_EVERY_MS = 5_000;

export async function whileBeating<T>(work: () => Promise<T>, details: () => unknown = () => undefined): Promise<T> {
  const ctx = Context.current();
  const timer = setInterval(() => ctx.heartbeat(details()), HEARTBEAT_EVERY_MS);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

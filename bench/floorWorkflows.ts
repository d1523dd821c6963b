// The engine's floor (bench/floor.ts): workflows with the shapes of Postage's send workflow
// (workflows/sendEmail.ts) whose steps do nothing. Each step stands for the Postage step named
// beside it, started at the same point and awaited the same way; bench/floor.ts says where each
// shape comes from.
import {
  condition,
  defineSignal,
  proxyActivities,
  proxyLocalActivities,
  proxySinks,
  setHandler,
  type Sinks,
} from '@temporalio/workflow';

export interface FloorActivities {
  /** A step that returns at once. */
  step(): Promise<void>;
  /** The SES call: returns at once, and tells the benchmark, which then signals the outcome as SNS and the API would. */
  sesCall(): Promise<void>;
}

export interface FloorSinks extends Sinks {
  floor: { completed(): void };
}

/** The outcome's signal (Postage's providerOutcome). */
export const outcomeSignal = defineSignal('outcome');

const local = proxyLocalActivities<FloorActivities>({ startToCloseTimeout: '30s' });
// The timeouts of Postage's SES call (workflows/activityProxies.ts, `provider`): the server keeps
// the same timers for it.
const regular = proxyActivities<FloorActivities>({
  startToCloseTimeout: '1m',
  scheduleToCloseTimeout: '30m',
  heartbeatTimeout: '15s',
});
const { floor } = proxySinks<FloorSinks>();

/** A test send (`delivered@` the test domain) to an endpoint subscribed to every event: one workflow task. */
export async function testSend(): Promise<void> {
  await local.step(); // recordQueuedMessage (it returns the email.sent endpoints)
  const sentWebhook = local.step(); // deliverWebhook, email.sent: fired, not awaited
  await local.step(); // recordSent
  await local.step(); // settleOutcome: recordOutcome
  const deliveredWebhook = local.step(); // deliverWebhook, email.delivered
  await Promise.all([sentWebhook, deliveredWebhook]); // webhooks.settled()
  floor.completed();
}

/** A real send through the shared account, its SES call a regular activity, its outcome a signal. */
export async function realPath(outcomeTimeoutMs: number): Promise<void> {
  await realStory(() => regular.sesCall(), outcomeTimeoutMs);
}

/** The same story with the SES call as a local activity. */
export async function realPathSesLocal(outcomeTimeoutMs: number): Promise<void> {
  await realStory(() => local.sesCall(), outcomeTimeoutMs);
}

/** For scale: one regular activity and nothing else. */
export async function oneActivity(): Promise<void> {
  await regular.step();
  floor.completed();
}

async function realStory(sesCall: () => Promise<void>, outcomeTimeoutMs: number): Promise<void> {
  // Buffered from the start, as sendEmail's outcomes are.
  let outcome = false;
  setHandler(outcomeSignal, () => void (outcome = true));
  await local.step(); // recordQueuedMessage
  const sentWebhook = local.step(); // deliverWebhook, email.sent: fired before the SES call
  await sesCall(); // sendWhenItsTurn: sendViaSes (on an idle SES its turn is taken inside it)
  await condition(() => outcome, outcomeTimeoutMs); // the wait for SES's outcome, ended by the signal
  await local.step(); // settleOutcome: recordOutcome
  const deliveredWebhook = local.step(); // deliverWebhook, email.delivered
  await Promise.all([sentWebhook, deliveredWebhook]); // webhooks.settled()
  floor.completed();
}

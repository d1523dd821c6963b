// The floor's worker process (bench/floor.ts): the shape workflows of bench/floorWorkflows.ts and
// activities that return at once, on the task queue its parent names. A process of its own, so
// that its CPU is counted apart from the client's. It tells the parent of each SES call (the
// parent then signals the outcome, as SNS and the API would) and of each workflow's end.
//
//   forked by bench/floor.ts with: <Temporal address> <task queue> <workflow bundle path>
import { Context } from '@temporalio/activity';
import { DefaultLogger, makeTelemetryFilterString, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import type { InjectedSinks } from '@temporalio/worker';
import { chooseStackTraces } from '../worker/stackTraces';
import type { FloorActivities, FloorSinks } from './floorWorkflows';

/** What the worker process tells its parent. */
export type FloorReport = { type: 'ready' } | { type: 'sesCall' | 'completed'; workflowId: string };

function report(message: FloorReport): void {
  process.send!(message);
}

const activities: FloorActivities = {
  async step() {},
  async sesCall() {
    // Always set here: these activities run only from the floor's workflows.
    report({ type: 'sesCall', workflowId: Context.current().info.workflowExecution!.workflowId });
  },
};

const sinks: InjectedSinks<FloorSinks> = {
  floor: { completed: { fn: (info) => report({ type: 'completed', workflowId: info.workflowId }) } },
};

async function main(): Promise<void> {
  const [address, taskQueue, bundlePath] = process.argv.slice(2);
  if (!address || !taskQueue || !bundlePath) throw new Error('usage: floorWorker.ts <address> <task queue> <bundle>');
  Runtime.install({
    logger: new DefaultLogger('WARN'),
    telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'WARN', other: 'WARN' }) } },
  });
  // As Postage's worker runs by default (worker/createWorker.ts): the floor is the same SDK's.
  chooseStackTraces(false);
  const connection = await NativeConnection.connect({ address });
  const worker = await Worker.create({
    connection,
    taskQueue,
    workflowBundle: { codePath: bundlePath },
    activities,
    sinks,
  });
  const running = worker.run();
  report({ type: 'ready' });
  process.on('disconnect', () => worker.shutdown());
  await running;
  await connection.close();
  process.exit(0); // nothing the SDK's runtime still holds keeps the process up
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

// Builds the worker: the send workflow and its activities on the configured task queue.
import { type NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import path from 'node:path';
import { createActivities, type ActivityDeps } from '../activities';
import type { Tracing } from '../core/platform/tracing';
import { chooseStackTraces } from './stackTraces';
import { workflowTracingOptions } from './workflowTracing';

// index.ts beside the sources (tsx, tests), index.js in the compiled build (dist/worker/…).
export const WORKFLOWS_PATH = path.resolve(__dirname, '..', 'workflows', `index${path.extname(__filename)}`);

export async function createWorker(opts: {
  connection: NativeConnection;
  namespace: string;
  taskQueue: string;
  deps: ActivityDeps;
  /** A pre-built bundle (tests build one per run); otherwise the workflows are bundled here. */
  workflowBundlePath?: string;
  extra?: Partial<WorkerOptions>;
  /** Traces on: the workflow interceptors bundled in, their sink and the activity spans. */
  tracing?: Tracing;
  /** WORKFLOW_STACK_TRACES: the Temporal UI's Stack Trace tab, at a cost in CPU (worker/stackTraces.ts). */
  stackTraces?: boolean;
}): Promise<Worker> {
  const traced = opts.tracing ? workflowTracingOptions(opts.tracing) : {};
  const { interceptors, ...extra } = opts.extra ?? {};
  chooseStackTraces(opts.stackTraces ?? false);
  return Worker.create({
    connection: opts.connection,
    namespace: opts.namespace,
    taskQueue: opts.taskQueue,
    activities: createActivities(opts.deps),
    ...(opts.workflowBundlePath
      ? { workflowBundle: { codePath: opts.workflowBundlePath } }
      : { workflowsPath: WORKFLOWS_PATH }),
    ...extra,
    ...(traced.sinks ? { sinks: traced.sinks } : {}),
    interceptors: {
      ...interceptors,
      activity: [...(traced.interceptors?.activity ?? []), ...(interceptors?.activity ?? [])],
      workflowModules: [...(traced.interceptors?.workflowModules ?? []), ...(interceptors?.workflowModules ?? [])],
    },
  });
}

// Templates are parsed, analysed and rendered in a pool of worker threads (piscina), never on the
// API's event loop: liquidjs checks its render limit only between nodes, so one filter or one
// range can run for seconds, and its static analysis is quadratic in the number of tags. Each task
// has a wall-clock budget from the moment a thread takes it; past it the thread is terminated
// (piscina terminates the thread of a running task whose AbortSignal fires) and the task is
// refused as a bound exceeded. Threads have a bounded heap and run at a lower CPU priority than
// the API. FairSlots shares the threads between accounts. One pool per process, made on first use.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { Config } from '../platform/config';
import { SETTINGS } from '../platform/settings/table';
import { FairSlots } from './fairSlots';
import type { RenderedTemplate } from './renderContent';
import type { FieldAnalysis, RenderAnswer, RenderTask } from './renderWorker';
import { TemplateRenderError, type TemplateField } from './templateLanguage';
import type { TemplateContent } from './templates';

export type TemplateRenderSettings = Pick<
  Config['templates'],
  'renderThreads' | 'renderBudgetMs' | 'renderMemoryMb' | 'rendersPerAccount'
>;

/** The settings table's defaults: what a process that never configures the pool (the CLI) uses. */
const DEFAULTS: TemplateRenderSettings = {
  renderThreads: SETTINGS.templates.renderThreads.spec.default,
  renderBudgetMs: SETTINGS.templates.renderBudgetMs.spec.default,
  renderMemoryMb: SETTINGS.templates.renderMemoryMb.spec.default,
  rendersPerAccount: SETTINGS.templates.rendersPerAccount.spec.default,
};

/** Added to the threads' nice value: a spinning render yields the CPU to the API's own thread. */
const NICE_INCREMENT = 10;

/** A render refused because the account already has `rendersPerAccount` running or waiting. */
export class RenderCapacityError extends Error {
  readonly retryAfterSeconds = 1;
  constructor(readonly perAccount: number) {
    super(
      `This account already has ${perAccount} template renders running or waiting; retry after the Retry-After delay.`,
    );
  }
}

/** The worker file beside this one: `.ts` under tsx and jest, `.js` once compiled. */
const WORKER_FILE = path.join(__dirname, `renderWorker${path.extname(__filename)}`);

/**
 * A `.ts` worker needs tsx's loader in its thread: jest's transform does not reach worker
 * threads, and named explicitly it does not depend on how this process was started. Compiled,
 * the thread inherits the process's options.
 */
function workerExecArgv(): string[] | undefined {
  if (path.extname(WORKER_FILE) !== '.ts') return undefined;
  return ['--import', pathToFileURL(require.resolve('tsx')).href];
}

interface PoolState {
  settings: TemplateRenderSettings;
  slots: FairSlots;
  pool?: Piscina<RenderTask & { started: MessagePort }, RenderAnswer>;
}

let state: PoolState | undefined;

const threadsOf = (settings: TemplateRenderSettings) => Math.max(1, Math.floor(settings.renderThreads));

function stateFor(settings: TemplateRenderSettings): PoolState {
  const threads = threadsOf(settings);
  // An account runs on all threads but one, so another account always finds one free.
  return { settings, slots: new FairSlots(threads, Math.max(1, threads - 1), Math.max(1, settings.rendersPerAccount)) };
}

/** Sets the pool's settings (createApp does, from the config); a pool made with other settings is closed. */
export function configureTemplateRendering(settings: TemplateRenderSettings): void {
  const same =
    state &&
    (Object.keys(DEFAULTS) as (keyof TemplateRenderSettings)[]).every((k) => state!.settings[k] === settings[k]);
  if (same) return;
  void state?.pool?.destroy();
  state = stateFor({ ...settings });
}

/** Stops the threads (at shutdown); a later task starts new ones, with the same settings. */
export async function closeTemplateRendering(): Promise<void> {
  const closing = state?.pool;
  if (state) delete state.pool;
  await closing?.destroy();
}

function poolOf(current: PoolState): NonNullable<PoolState['pool']> {
  if (current.pool) return current.pool;
  const threads = threadsOf(current.settings);
  const execArgv = workerExecArgv();
  const pool = new Piscina<RenderTask & { started: MessagePort }, RenderAnswer>({
    filename: WORKER_FILE,
    // All started at once and kept: a thread terminated for its budget is replaced at once, so the
    // next task (another account's) does not wait for a thread to start.
    minThreads: threads,
    maxThreads: threads,
    resourceLimits: { maxOldGenerationSizeMb: current.settings.renderMemoryMb },
    niceIncrement: NICE_INCREMENT,
    ...(execArgv ? { execArgv } : {}),
  });
  // A thread that fails while idle has no task to answer; piscina replaces it on the next task.
  pool.on('error', () => undefined);
  current.pool = pool;
  return pool;
}

const isOutOfMemory = (err: unknown) => (err as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';

/** Runs one task on a thread of the account's share, within `budgetMs` from the moment it starts. */
async function runTask(
  accountId: string,
  task: RenderTask,
  opts: { budgetMs: number; refuseWhenBusy: boolean; doing: string },
): Promise<RenderAnswer> {
  const current = (state ??= stateFor(DEFAULTS));
  const waiting = current.slots.acquire(accountId, opts.refuseWhenBusy);
  if (!waiting) throw new RenderCapacityError(current.settings.rendersPerAccount);
  const release = await waiting;
  const abort = new AbortController();
  const { port1, port2 } = new MessageChannel();
  let budget: NodeJS.Timeout | undefined;
  port1.once('message', () => {
    budget = setTimeout(() => abort.abort(), opts.budgetMs);
  });
  try {
    return await poolOf(current).run({ ...task, started: port2 }, { signal: abort.signal, transferList: [port2] });
  } catch (err) {
    if (abort.signal.aborted)
      throw new TemplateRenderError(
        'limit',
        `${opts.doing} took longer than ${opts.budgetMs} ms and was stopped; make the template simpler.`,
      );
    if (isOutOfMemory(err))
      throw new TemplateRenderError(
        'limit',
        `${opts.doing} needed more than ${current.settings.renderMemoryMb} MiB of memory and was stopped; make the template simpler.`,
      );
    throw err;
  } finally {
    clearTimeout(budget);
    port1.close();
    release();
  }
}

const budgetOf = (budgetMs: number | undefined) =>
  Math.max(1, Math.min(budgetMs ?? Infinity, (state ?? stateFor(DEFAULTS)).settings.renderBudgetMs));

/**
 * A message rendered from `content` in a render thread: a TemplateRenderError says what to fix
 * (a missing variable, a bound exceeded, the budget spent), a RenderCapacityError that the account
 * has too many renders in flight. `budgetMs` lowers the budget (what is left of a batch's).
 */
export async function renderInPool(
  accountId: string,
  content: TemplateContent,
  variables: Record<string, unknown>,
  opts: { budgetMs?: number } = {},
): Promise<RenderedTemplate> {
  const answer = await runTask(
    accountId,
    { kind: 'render', content, variables },
    { budgetMs: budgetOf(opts.budgetMs), refuseWhenBusy: true, doing: 'Rendering the template' },
  );
  if (!answer.ok) throw new TemplateRenderError(answer.reason, answer.message);
  if (!('rendered' in answer)) throw new Error('a render task answered without a rendered message');
  return answer.rendered;
}

/**
 * Whether each field parses, and the variables it reads, analysed in a render thread: a
 * TemplateRenderError when that takes longer than the budget or the memory bound. Never refused
 * for capacity: saving and reading a template wait for the account's turn instead.
 */
export async function analyseInPool(
  accountId: string,
  fields: Partial<Record<TemplateField, string>>,
): Promise<Partial<Record<TemplateField, FieldAnalysis>>> {
  const answer = await runTask(
    accountId,
    { kind: 'analyse', fields },
    { budgetMs: budgetOf(undefined), refuseWhenBusy: false, doing: 'Checking the template' },
  );
  if (!answer.ok) throw new TemplateRenderError(answer.reason, answer.message);
  if (!('analysis' in answer)) throw new Error('an analysis task answered without its analysis');
  return answer.analysis;
}

// The kill points around every activity and local activity (core/platform/killPoints.ts):
// `before:<activity>` as it starts, `after:<activity>` once its work is done (committed) but
// before the worker reports the result, which for a local activity is recorded only when the
// workflow task completes. Installed only when kill points are armed.
import { Context } from '@temporalio/activity';
import type {
  ActivityExecuteInput,
  ActivityInboundCallsInterceptor,
  Next,
  WorkerInterceptors,
} from '@temporalio/worker';
import { killPoint } from '../core/platform/killPoints';

class KillPointInbound implements ActivityInboundCallsInterceptor {
  async execute(input: ActivityExecuteInput, next: Next<ActivityInboundCallsInterceptor, 'execute'>): Promise<unknown> {
    const activity = Context.current().info.activityType;
    killPoint(`before:${activity}`);
    const result: unknown = await next(input);
    killPoint(`after:${activity}`);
    return result;
  }
}

export const killPointInterceptors: WorkerInterceptors = { activity: [() => ({ inbound: new KillPointInbound() })] };

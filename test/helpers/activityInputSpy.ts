// A workflow interceptor module for tests: every activity and local activity the workflow
// schedules is reported, with its input, through the `spy` sink, on replay too (nothing a replay
// schedules runs, so this is the only way to see what the workflow computed).
import {
  proxySinks,
  type ActivityInput,
  type LocalActivityInput,
  type Next,
  type Sinks,
  type WorkflowInterceptorsFactory,
  type WorkflowOutboundCallsInterceptor,
} from '@temporalio/workflow';

export interface SpySinks extends Sinks {
  spy: { scheduled(activityType: string, args: unknown[]): void };
}

const { spy } = proxySinks<SpySinks>();

export const interceptors: WorkflowInterceptorsFactory = () => ({
  outbound: [
    {
      scheduleActivity(input: ActivityInput, next: Next<WorkflowOutboundCallsInterceptor, 'scheduleActivity'>) {
        spy.scheduled(input.activityType, input.args);
        return next(input);
      },
      scheduleLocalActivity(
        input: LocalActivityInput,
        next: Next<WorkflowOutboundCallsInterceptor, 'scheduleLocalActivity'>,
      ) {
        spy.scheduled(input.activityType, input.args);
        return next(input);
      },
    },
  ],
});

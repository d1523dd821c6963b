// The SDK's per-promise hook in the workflow sandbox serves only the stack-trace query (the
// Temporal UI's Stack Trace tab) and costs about 5 to 10 ms of worker CPU per message
// (bench/README.md, "Where users run it: before and after"). The patched SDK (patches/README.md)
// leaves it out of the workflow threads a worker creates when TEMPORAL_WORKFLOW_STACK_TRACES=off;
// WORKFLOW_STACK_TRACES=true keeps it, for debugging a run.

/** Call before `Worker.create`: its workflow threads read the switch when they start. */
export function chooseStackTraces(on: boolean): void {
  process.env.TEMPORAL_WORKFLOW_STACK_TRACES = on ? 'on' : 'off';
}

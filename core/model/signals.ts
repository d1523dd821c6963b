// Signals the send workflow accepts. Kept apart from the workflow code so the API (SNS endpoint)
// can import the definition without the workflow's activity proxies.
import { defineSignal } from '@temporalio/workflow';
import type { ProviderOutcome } from './outcomes';
import type { EngagementEvent } from './workflowContract';

/** A provider outcome for the message (from SNS), carrying no address. */
export const providerOutcomeSignal = defineSignal<[ProviderOutcome]>('providerOutcome');

/** A scheduled message was moved (PATCH /api/emails/{id}): wake and wait until the new time. */
export const rescheduledSignal = defineSignal<[{ scheduledAt: string }]>('rescheduled');
/** A scheduled message was cancelled (POST /api/emails/{id}/cancel): stop waiting now. */
export const canceledSignal = defineSignal('canceled');

/** An open or click of a tracked message, for its engagement workflow (docs/sending.md, "Tracking opens and clicks"). */
export const engagementSignal = defineSignal<[EngagementEvent]>('engagement');

// The real pipeline with SES's outcomes arriving as SES publishes them: a stack (API, worker, dev
// server), a local SNS (tools/stack/localSns.ts) and an API process that trusts its certificate,
// so notifications reach the unmodified /provider/ses-events with every check on. Real shared
// sends, accepted by the SES emulator, then their bounces and complaints posted through it.
import { randomUUID } from 'node:crypto';
import { getLogRow } from '../../core/sending/emailLog';
import { startLocalSns, type LocalSns } from '../../tools/stack/localSns';
import { startApiProcess } from './apiProcess';
import { testEnv } from './config';
import type { SenderFixture } from './fixtures';
import { startServiceStack, type ServiceStack } from './serviceStack';
import { eventually } from './wait';

export interface SnsPipeline {
  sns: LocalSns;
  stack: ServiceStack;
  /** The API process that trusts the local SNS: post notifications here. */
  api: { baseUrl: string; stop(): Promise<void> };
  stop(): Promise<void>;
}

/** `env`: settings for the stack and the SNS-trusting API process alike. */
export async function startSnsPipeline(env: Record<string, string> = {}): Promise<SnsPipeline> {
  const sns = await startLocalSns();
  const snsEnv = { SNS_TOPIC_ARNS: sns.topicArn, SNS_CERT_HOST: sns.certHost, ...env };
  const stack = await startServiceStack({ env: snsEnv });
  const api = await startApiProcess(
    testEnv({
      ...snsEnv,
      DATABASE_URL: stack.database.url,
      TEMPORAL_TASK_QUEUE: stack.config.temporal.taskQueue,
      NODE_EXTRA_CA_CERTS: sns.caFile,
    }),
  );
  return {
    sns,
    stack,
    api,
    async stop() {
      await api.stop();
      await stack.stop();
      await sns.close();
    },
  };
}

/** A send to a real-looking recipient through the API: its status and body. */
export async function sendToReader(
  pipeline: SnsPipeline,
  from: SenderFixture,
  to = `reader-${randomUUID()}@example.org`,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${pipeline.stack.baseUrl}/api/send/`, {
    method: 'POST',
    headers: { 'X-API-Key': from.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ from_email: `hello@${from.domain}`, to, subject: 'Hello', message: 'Hi' }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** A real shared send SES accepted: our message id and SES's. */
export async function acceptedSend(
  pipeline: SnsPipeline,
  from: SenderFixture,
): Promise<{ messageId: string; sesId: string }> {
  const { status, json } = await sendToReader(pipeline, from);
  if (status !== 200) throw new Error(`the send was answered ${status}: ${JSON.stringify(json)}`);
  const messageId = json.message_id as string;
  const sesId = await eventually(
    'SES to accept the message',
    async () => (await getLogRow(pipeline.stack.db, messageId))?.provider_message_id ?? undefined,
  );
  return { messageId, sesId };
}

/** SES's notification of a permanent bounce or a complaint of `sesId`, posted through SNS; throws unless answered 200. */
export async function publishOutcome(
  pipeline: SnsPipeline,
  type: 'Bounce' | 'Complaint',
  sesId: string,
): Promise<void> {
  const at = new Date().toISOString();
  const record = {
    notificationType: type,
    mail: { messageId: sesId, timestamp: at, destination: ['hidden@example.org'] },
    ...(type === 'Bounce'
      ? { bounce: { bounceType: 'Permanent', bounceSubType: 'General', timestamp: at } }
      : { complaint: { complaintFeedbackType: 'abuse', timestamp: at } }),
  };
  const res = await fetch(`${pipeline.api.baseUrl}/provider/ses-events`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain; charset=UTF-8', 'x-amz-sns-message-type': 'Notification' },
    body: pipeline.sns.notification(record),
  });
  if (res.status !== 200) throw new Error(`/provider/ses-events answered ${res.status}: ${await res.text()}`);
}

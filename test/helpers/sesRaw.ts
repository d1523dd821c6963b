// The raw MIME of a message as SES received it, from the recorder in front of the test run's SES
// emulator (tools/stack/sesRecorder.ts): the emulator's /store has no headers.
import { sesRecordedRaw } from '../../tools/stack/sesRecorder';
import { testInfra } from './env';
import type { ServiceStack } from './serviceStack';
import { eventually } from './wait';

/** By SES's message id (`provider_message_id`); the recorder is the run's, whatever proxy the stack adds. */
export async function sesRawMessage(_stack: ServiceStack, sesMessageId: string): Promise<string | undefined> {
  return sesRecordedRaw(testInfra().sesEndpoint, sesMessageId);
}

/** By our message id: waits until the message was sent, then reads what SES received. */
export async function sesRawMessageOf(stack: ServiceStack, messageId: string): Promise<string> {
  const providerId = await sentAs(stack, messageId);
  const raw = await sesRawMessage(stack, providerId);
  if (raw === undefined) throw new Error(`the SES recorder kept no message ${providerId}`);
  return raw;
}

/** The unfolded value of each header of a raw message's top-level header block, by lower-case name. */
export function rawHeaders(raw: string): Map<string, string[]> {
  const block = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const headers = new Map<string, string[]>();
  for (const line of block.replace(/\r?\n[ \t]/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return headers;
}

/** SES's message id for one of ours, once it was sent (waits for it). */
export async function sentAs(stack: Pick<ServiceStack, 'db'>, messageId: string): Promise<string> {
  return eventually(`message ${messageId} to be sent`, async () => {
    const row = await stack
      .db('email_log')
      .where({ message_id: messageId })
      .first<{ provider_message_id: string | null }>('provider_message_id');
    return row?.provider_message_id ?? undefined;
  });
}

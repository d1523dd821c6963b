// One recipient of an SMTP transaction through the send use case (core/sending/sendMessage.ts),
// like one POST /api/send/: its own gates, count, log row, workflow and idempotency key. With an
// X-Postage-Idempotency-Key header, each recipient's key is derived from it and the recipient (as
// the batch derives its items' keys from the batch key and their position), so a resubmission
// after a timeout replays the recipients already queued and sends the others once.
import type { ApiKey } from '../core/accounts/apiKeys';
import { classifyRecipient, parseMailbox } from '../core/model/addresses';
import type { SendingMode } from '../core/model/sendingModes';
import { keyedHash } from '../core/platform/crypto';
import type { AcceptDeps } from '../core/sending/acceptMessage';
import { requestFingerprint } from '../core/sending/idempotency';
import { sendMessage, type SendRequest } from '../core/sending/sendMessage';
import type { SendResponseBody } from '../core/sending/sendResponse';
import type { Submission } from './parseMessage';
import type { SmtpRefusal } from './replies';

export type RecipientOutcome =
  | { ok: true; messageId: string; mode: SendingMode; kind: string; replayed: boolean }
  | { ok: false; refusal: SmtpRefusal };

/**
 * The recipient's key: the header's key and a keyed hash of the recipient (the address itself is
 * never stored: BYOC recipients must not be kept). The space keeps it apart from HTTP keys.
 */
export function recipientIdempotencyKey(secretKey: string, headerKey: string, recipient: string): string {
  return `smtp ${headerKey} ${keyedHash(secretKey, 'idempotency', `smtp-recipient ${recipient.toLowerCase()}`).slice(0, 32)}`;
}

/** What "the same message" means for a resubmission: the content as parsed, not the MIME bytes (boundaries, Date and Message-ID change when a client builds it again). */
function fingerprint(secretKey: string, request: SendRequest): string {
  return requestFingerprint(secretKey, {
    to: request.to.address,
    from_email: request.from.address,
    from_name: request.from.name,
    subject: request.subject,
    html: request.html ?? null,
    message: request.text ?? null,
    reply_to: request.replyTo ?? null,
    tags: request.tags ?? null,
    attachments: request.attachments.map((a) => ({
      filename: a.filename,
      content_type: a.contentType,
      sha256: keyedHash(secretKey, 'idempotency', a.data.toString('base64')),
    })),
  });
}

export async function sendRecipient(
  deps: AcceptDeps,
  key: ApiKey,
  submission: Submission,
  recipient: string,
  notAccepted?: (code: string, cause: unknown) => void,
): Promise<RecipientOutcome> {
  const parsed = parseMailbox(recipient);
  if ('error' in parsed) return { ok: false, refusal: 'recipient_invalid' };
  const recipientKind = classifyRecipient(parsed.address, deps.config);
  if (recipientKind.kind === 'unknown_test') return { ok: false, refusal: 'unknown_test_address' };
  const request: SendRequest = {
    to: { address: parsed.address, name: submission.recipientNames.get(parsed.address.toLowerCase()) ?? '' },
    recipientKind,
    from: submission.from,
    fromDomain: submission.fromDomain,
    subject: submission.subject,
    ...(submission.html !== undefined ? { html: submission.html } : {}),
    ...(submission.text !== undefined ? { text: submission.text } : {}),
    ...(submission.replyTo !== undefined ? { replyTo: submission.replyTo } : {}),
    ...(submission.tags !== undefined ? { tags: submission.tags } : {}),
    ...(submission.headers !== undefined ? { headers: submission.headers } : {}),
    ...(submission.messageIdHeader !== undefined ? { messageIdHeader: submission.messageIdHeader } : {}),
    attachments: submission.attachments,
  };
  const idempotency =
    submission.idempotencyKey !== undefined
      ? {
          key: recipientIdempotencyKey(deps.config.secretKey, submission.idempotencyKey, parsed.address),
          requestHash: fingerprint(deps.config.secretKey, request),
        }
      : undefined;
  const result = await sendMessage(
    deps,
    { request, key, ...(idempotency ? { idempotency } : {}) },
    { notAccepted: (code, cause) => notAccepted?.(code, cause) },
  );
  switch (result.outcome) {
    case 'accepted':
      return { ok: true, messageId: result.messageId, mode: result.mode, kind: result.kind, replayed: false };
    case 'replayed': {
      const body = result.body as SendResponseBody;
      return { ok: true, messageId: body.message_id, mode: body.mode, kind: 'replayed', replayed: true };
    }
    case 'refused':
      return { ok: false, refusal: result.code };
    case 'invalid':
      return { ok: false, refusal: 'message_invalid' };
    case 'unauthenticated':
      return { ok: false, refusal: 'auth_failed' };
  }
}

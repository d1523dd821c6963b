// The route table: every operation of the API, once, with who may call it, its gates, its schemas
// and its handler (api/http/operation.ts): sending, the key's account and SES's notifications as
// much as sign-in and management. The Express routes, /openapi.json, the roles, the scoped-key
// rules and, through the document, the dashboard's typed client and the SDKs are all built from
// it: adding an operation is a schema, a handler and a row here.
import type { OperationGroup } from '../http/operation';
import { AUTH_BODY_LIMIT, authOperations } from './auth';
import { twoFactorOperations, twoFactorRequirementOperations } from './twoFactor';
import { passkeyOperations } from './passkeys';
import { privacyExportDownloadOperations, privacyExportOperations } from './manage/privacy';
import { apiKeyOperations } from './manage/apiKeys';
import { auditOperations } from './manage/audit';
import { accountDeletionOperations } from './manage/accountDeletion';
import { memberOperations } from './manage/members';
import { retentionOperations } from './manage/retention';
import { invitationOperations } from './invitations';
import { byocOperations } from './manage/byoc';
import { domainOperations } from './manage/domains';
import { emailOperations } from './manage/emails';
import { inboundDomainOperations, inboundMessageOperations } from './manage/inbound';
import { inboundAttachmentOperations } from './inboundAttachments';
import { erasureOperations } from './manage/erasures';
import { suppressionOperations } from './manage/suppressions';
import { templateOperations } from './manage/templates';
import { sendingQueueOperations } from './manage/sendingQueue';
import { statsOperations } from './manage/stats';
import { reputationOperations } from './manage/reputation';
import { usageOperations } from './manage/usage';
import { webhookOperations } from './manage/webhooks';
import { eventStreamOperations } from './eventStream';
import { meOperations } from './me';
import { sendOperations } from './send';
import { sessionOperations } from './sessions';
import { sendBatchOperations } from './sendBatch';
import { sesEventOperations } from './sesEvents';
import { trackingOperations } from './tracking';
import { unsubscribeOperations } from './unsubscribe';

/** Largest management body, in bytes. */
const MANAGEMENT_BODY_LIMIT = 64 * 1024;
/** Templates hold up to 256 KB of source per part (TEMPLATE_LIMITS), which JSON escaping can grow. */
const TEMPLATE_BODY_LIMIT = 2 * 1024 * 1024;

export const OPERATION_GROUPS: OperationGroup[] = [
  // The endpoints any API key calls (the send, the batch send, /api/me/): each reads its own body
  // (the send's limit is configured); untagged, as they always were.
  { unstorableParameters: 'ignore', operations: [...sendOperations, ...sendBatchOperations, ...meOperations] },
  // Amazon SNS's notifications: outside /api, authenticated by SNS's signature.
  { unstorableParameters: 'ignore', operations: sesEventOperations },
  // The links inside tracked emails (docs/sending.md, "Tracking opens and clicks"): outside /api,
  // anonymous, answered from the signed token alone.
  { tag: 'Tracking', unstorableParameters: 'ignore', operations: trackingOperations },
  // One-click unsubscribe links (docs/sending.md, "One-click unsubscribe"): outside /api, anonymous,
  // HTML pages; the token is judged by the handler (a bad one is a 404 page).
  { unstorableParameters: 'ignore', operations: unsubscribeOperations },
  {
    tag: 'Sign-in',
    bodyLimit: AUTH_BODY_LIMIT,
    bodyOptional: false,
    unstorableParameters: 'refuse',
    operations: [
      ...authOperations,
      ...sessionOperations,
      ...twoFactorOperations,
      ...passkeyOperations,
      ...invitationOperations,
    ],
  },
  {
    tag: 'Management',
    bodyLimit: MANAGEMENT_BODY_LIMIT,
    // Verify, validate and test take no body or an optional one; the rest validate `{}` and say which fields are missing.
    bodyOptional: true,
    unstorableParameters: 'refuse',
    operations: [
      ...domainOperations,
      ...apiKeyOperations,
      ...webhookOperations,
      ...eventStreamOperations,
      ...byocOperations,
      ...emailOperations,
      ...suppressionOperations,
      ...usageOperations,
      ...sendingQueueOperations,
      ...statsOperations,
      ...reputationOperations,
      ...twoFactorRequirementOperations,
      ...accountDeletionOperations,
    ],
  },
  // Receiving email (docs/inbound.md): inbound domains, their rules, received messages. Verify
  // takes no body.
  {
    tag: 'Inbound',
    bodyLimit: MANAGEMENT_BODY_LIMIT,
    bodyOptional: true,
    unstorableParameters: 'refuse',
    operations: [...inboundDomainOperations, ...inboundMessageOperations],
  },
  // Received attachments' signed download links (docs/inbound.md, "Attachments"): outside /api,
  // anonymous, answered from the signed token; limited per client and in total.
  { tag: 'Inbound', unstorableParameters: 'ignore', operations: inboundAttachmentOperations },
  // Requests about a person's data (docs/privacy.md): owner or admin.
  {
    tag: 'Privacy',
    bodyLimit: MANAGEMENT_BODY_LIMIT,
    bodyOptional: true,
    unstorableParameters: 'refuse',
    operations: privacyExportOperations,
  },
  // Address exports' signed download links (docs/privacy.md, "Exporting an address's data"):
  // outside /api, anonymous, answered from the signed token; limited per client.
  { tag: 'Privacy', unstorableParameters: 'ignore', operations: privacyExportDownloadOperations },
  // Leaving takes no body.
  {
    tag: 'Team',
    bodyLimit: MANAGEMENT_BODY_LIMIT,
    bodyOptional: true,
    unstorableParameters: 'refuse',
    operations: [...memberOperations, ...auditOperations, ...retentionOperations],
  },
  // A person's data on request (docs/privacy.md): erasures of an address.
  {
    tag: 'Privacy',
    bodyLimit: MANAGEMENT_BODY_LIMIT,
    bodyOptional: false,
    unstorableParameters: 'refuse',
    operations: erasureOperations,
  },
  // Publish takes no body and a preview may have none: both read as `{}`.
  {
    tag: 'Templates',
    bodyLimit: TEMPLATE_BODY_LIMIT,
    bodyOptional: true,
    unstorableParameters: 'refuse',
    operations: templateOperations,
  },
];

/** `METHOD /path` of every operation a caller must be signed in (or hold a full_access key) for, with what a domain-scoped key may do there. */
export const SCOPED_KEY_ACCESS = Object.fromEntries(
  OPERATION_GROUPS.flatMap((g) => g.operations).flatMap((op) =>
    op.scopedKey ? [[`${op.method.toUpperCase()} ${op.path}`, op.scopedKey] as const] : [],
  ),
);

/** `METHOD /path` of every `caller` operation, with the least role that may call it (requireRole, middleware/caller.ts). */
export const OPERATION_ROLES = Object.fromEntries(
  OPERATION_GROUPS.flatMap((g) => g.operations).flatMap((op) =>
    op.role ? [[`${op.method.toUpperCase()} ${op.path}`, op.role] as const] : [],
  ),
);

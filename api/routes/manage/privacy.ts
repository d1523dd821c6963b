// Requests about a person's data (docs/privacy.md): exports of everything the account holds about
// one address, for an owner or admin (a full_access key acts as a developer: refused), and the
// signed download of each (outside /api, anonymous, answered from the token alone).
import type { Static } from '@sinclair/typebox';
import {
  EXPORTS_PER_ACCOUNT_PER_HOUR,
  exportAddress,
  exportDocument,
  getAddressExport,
  listAddressExports,
  type AddressExport,
} from '../../../core/privacy/addressExports';
import { readExportToken, signExportLink } from '../../../core/privacy/exportLinks';
import { redisLimiter, takePoint } from '../../../core/platform/rateLimits';
import type { Config } from '../../../core/platform/config';
import { ANSWERED, operation } from '../../http/operation';
import { perApp } from '../../http/perApp';
import { clientKey } from '../../middleware/authLimits';
import * as View from '../../schemas/privacy';

/** Downloads a minute per client: a document is up to 32 MB. */
const DOWNLOADS_PER_CLIENT_PER_MINUTE = 20;

const downloads = perApp((deps) =>
  redisLimiter(
    deps.redis,
    `${deps.config.redis.keyPrefix}:privacy-exports:client`,
    DOWNLOADS_PER_CLIENT_PER_MINUTE,
    60,
  ),
);

function presentExport(config: Config, made: AddressExport): Static<typeof View.AddressExport> {
  const link = signExportLink(config, made.id, made.expiresAt);
  return {
    id: made.id,
    status: made.status,
    truncated: made.truncated,
    size_bytes: made.sizeBytes,
    counts: made.counts,
    created_at: made.createdAt.toISOString(),
    expires_at: made.expiresAt.toISOString(),
    download_url: link.url,
    download_url_expires_at: link.expiresAt.toISOString(),
  };
}

const EXPORT_NOT_FOUND = 'No such export in this account (or it expired: exports are kept 7 days).';
const LINK_NOT_FOUND =
  'No such export link: it expired, was altered, or the export was deleted. Get a fresh link from GET /api/privacy/exports/{id}.';
const OWNER_OR_ADMIN = { who: 'caller', role: 'admin', scopedKey: 'account_wide' } as const;

export const privacyExportOperations = [
  operation({
    method: 'post',
    path: '/api/privacy/exports',
    summary: 'Export everything this account holds about an address (a JSON document, kept 7 days)',
    description: `For an owner or admin (a full_access key acts as a developer: 403). Built at once, in the account only: the email log rows to the address with their timelines (opens and clicks included), schedules and webhook deliveries; its suppressions (unsubscribes included); the messages received from or to it (metadata and parsed content, attachments listed with their sizes, not their bytes). At most 32 MB: past it the document holds the oldest records and \`truncated\` is true. Stored encrypted and deleted after 7 days. The audit log records the export (\`privacy.export\`) without the address. At most ${EXPORTS_PER_ACCOUNT_PER_HOUR} exports an hour per account (429 with Retry-After). docs/privacy.md, "Exporting an address's data".`,
    ...OWNER_OR_ADMIN,
    body: View.CreateAddressExportRequest,
    ok: [201, View.AddressExport, 'Built: its signed `download_url`.'],
    more: {
      429: [
        { codes: ['too_many_requests'] },
        `${EXPORTS_PER_ACCOUNT_PER_HOUR} exports this hour already (Retry-After).`,
      ],
    },
    async handler({ deps, res, caller, body, refuse }) {
      const outcome = await exportAddress(
        { db: deps.db, secretKey: deps.config.secretKey },
        { accountId: caller.accountId, address: body.address, actor: caller.actor },
      );
      switch (outcome.kind) {
        case 'too_many':
          return refuse(
            'too_many_requests',
            `This account made ${EXPORTS_PER_ACCOUNT_PER_HOUR} exports in the last hour; try again after the Retry-After delay.`,
            {
              retryAfter: outcome.retryAfter,
            },
          );
        case 'created':
          res.locals.outcome = 'privacy_export_created';
          return presentExport(deps.config, outcome.export);
      }
    },
  }),
  operation({
    method: 'get',
    path: '/api/privacy/exports',
    summary: 'The account’s address exports that have not expired, newest first (without their addresses)',
    ...OWNER_OR_ADMIN,
    ok: [200, View.AddressExportList, 'The exports, each with a fresh `download_url`.'],
    async handler({ deps, caller }) {
      const exports = await listAddressExports(deps.db, caller.accountId);
      return { exports: exports.map((made) => presentExport(deps.config, made)) };
    },
  }),
  operation({
    method: 'get',
    path: '/api/privacy/exports/{id}',
    summary: 'One address export: its status, size, expiry and a fresh signed `download_url`',
    ...OWNER_OR_ADMIN,
    ok: [200, View.AddressExport, 'The export.'],
    async handler({ deps, caller, params, refuse }) {
      const made = await getAddressExport(deps.db, caller.accountId, params.id);
      if (!made) return refuse('not_found', EXPORT_NOT_FOUND);
      return presentExport(deps.config, made);
    },
  }),
];

export const privacyExportDownloadOperations = [
  operation({
    method: 'get',
    path: '/privacy/exports/{token}',
    operationId: 'downloadAddressExport',
    summary:
      'Download an address export (the signed `download_url` of GET /api/privacy/exports/{id}; no session or key)',
    description: `The JSON document as an attachment (\`address-export-<id>.json\`), while the link is good (an hour, never past the export's expiry). An altered, expired or deleted link is a 404. At most ${DOWNLOADS_PER_CLIENT_PER_MINUTE} downloads a minute per client (429 with Retry-After).`,
    who: 'anyone',
    noSession: true,
    notForKeys: true,
    ok: [200, { type: 'string', format: 'binary', description: 'The JSON document.' }, 'The document.'],
    okAnswer: {
      media: 'application/json',
      headers: {
        'Content-Disposition': '`attachment; filename="address-export-<id>.json"`.',
        'X-Content-Type-Options': '`nosniff`.',
        'Cache-Control': '`private, no-store`.',
      },
    },
    more: {
      404: [{ codes: ['not_found'] }, LINK_NOT_FOUND],
      429: [{ codes: ['too_many_requests'] }, 'Too many downloads this minute from this client (Retry-After).'],
    },
    async handler({ deps, req, res, params, refuse }) {
      res.set('Cache-Control', 'private, no-store');
      const wait = await takePoint(downloads(deps), clientKey(req.ip));
      if (wait !== undefined)
        return refuse('too_many_requests', 'Too many export downloads from this client this minute.', {
          retryAfter: wait,
        });
      const token = readExportToken(deps.config.secretKey, params.token);
      const document = token ? await exportDocument(deps.db, deps.config.secretKey, token.exportId) : undefined;
      if (!token || !document) return refuse('not_found', LINK_NOT_FOUND);
      res.locals.outcome = 'privacy_export_downloaded';
      res
        .status(200)
        .set({
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Disposition': `attachment; filename="address-export-${token.exportId}.json"`,
          'X-Content-Type-Options': 'nosniff',
          'Content-Length': String(document.length),
        })
        .end(document);
      return ANSWERED;
    },
  }),
];

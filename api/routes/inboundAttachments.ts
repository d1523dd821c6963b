// Received attachments' download links (docs/inbound.md, "Attachments"): `GET
// /inbound/attachments/{token}`, outside /api, anonymous: the signed token (core/inbound/
// attachmentUrls.ts) names the attachment and its expiry, so the link works in a webhook handler
// or a browser without a key. The bytes are never served as what they claim to be: always
// `application/octet-stream`, as a download, with `nosniff`, so a received HTML or SVG file cannot
// run in Postage's origin. An expired, tampered or purged link is the same 404. Limited per client,
// then per attachment, then in total: the link is checked after the client's window and before the
// others, so made-up links spend nothing everyone shares, and a leaked link cannot be used to pull
// bytes in bulk from many clients.
import { readAttachmentToken } from '../../core/inbound/attachmentUrls';
import { attachmentForDownload } from '../../core/inbound/inboundMessages';
import { redisLimiter, takePoint } from '../../core/platform/rateLimits';
import { ANSWERED, operation } from '../http/operation';
import { perApp } from '../http/perApp';
import { clientKey } from '../middleware/authLimits';

const limits = perApp((deps) => {
  const prefix = `${deps.config.redis.keyPrefix}:inbound-attachments`;
  const { inbound } = deps.config;
  return {
    byClient: redisLimiter(deps.redis, `${prefix}:client`, inbound.attachmentDownloadsPerClientPerMinute, 60),
    byAttachment: redisLimiter(
      deps.redis,
      `${prefix}:attachment`,
      inbound.attachmentDownloadsPerAttachmentPerMinute,
      60,
    ),
    total: redisLimiter(deps.redis, `${prefix}:total`, inbound.attachmentDownloadsPerMinute, 60),
  };
});

/** `filename*=UTF-8''...` (RFC 6266, RFC 8187) with a plain ASCII `filename` beside it for old clients. */
export function contentDisposition(filename: string): string {
  const name = filename.replace(/[\r\n"\\/]/g, '_') || 'attachment';
  const ascii = name.replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const NOT_FOUND =
  'No such attachment link: it expired, was altered, or the message was deleted. Get a fresh link from the API (GET /api/inbound/{id}).';

export const inboundAttachmentOperations = [
  operation({
    method: 'get',
    path: '/inbound/attachments/{token}',
    operationId: 'downloadInboundAttachment',
    summary: 'Download a received attachment (the signed `download_url` of a received message; no API key)',
    description:
      'The link of `attachments[].download_url` in `email.received` and in `GET /api/inbound/{id}` (docs/inbound.md, "Attachments"): signed, and good until its `expires_at` (INBOUND_ATTACHMENT_URL_TTL_SECONDS). Always served as `application/octet-stream`, as a download, whatever the file is. Limited a minute per client, then per attachment, then in total (INBOUND_ATTACHMENT_DOWNLOADS_PER_CLIENT_PER_MINUTE, INBOUND_ATTACHMENT_DOWNLOADS_PER_ATTACHMENT_PER_MINUTE, INBOUND_ATTACHMENT_DOWNLOADS_PER_MINUTE): past any, 429 with Retry-After, and a download refused by one window does not count toward the next. The link is checked after the client\'s window and before the others: a link that is not valid (altered, expired, made up) is a 404 that spends only its client\'s window.',
    who: 'anyone',
    noSession: true,
    ok: [200, { type: 'string', format: 'binary', description: 'The attachment as it was received.' }, 'The bytes.'],
    okAnswer: {
      media: 'application/octet-stream',
      headers: {
        'Content-Disposition': "`attachment; filename=\"...\"; filename*=UTF-8''...`: the attachment's file name.",
        'X-Content-Type-Options': '`nosniff`.',
        'Cache-Control': '`private, no-store`.',
      },
    },
    more: {
      404: [{ codes: ['not_found'] }, NOT_FOUND],
      429: [
        { codes: ['too_many_requests'] },
        'Too many downloads this minute from this client, of this attachment, or from everyone (Retry-After).',
      ],
    },
    async handler({ deps, req, res, params, refuse }) {
      res.set('Cache-Control', 'private, no-store');
      const { byClient, byAttachment, total } = limits(deps);
      const tooMany = (retryAfter: number, detail: string) => refuse('too_many_requests', detail, { retryAfter });
      const clientWait = await takePoint(byClient, clientKey(req.ip));
      if (clientWait !== undefined)
        return tooMany(clientWait, 'Too many attachment downloads from this client this minute.');
      // Read before any shared window: a link that is not ours, or no longer good, spends none of them.
      const token = readAttachmentToken(deps.config.secretKey, params.token);
      if (!token) return refuse('not_found', NOT_FOUND);
      const attachmentWait = await takePoint(byAttachment, token.attachmentId);
      if (attachmentWait !== undefined)
        return tooMany(
          attachmentWait,
          'Too many downloads of this attachment this minute: each has a window of its own.',
        );
      const totalWait = await takePoint(total, 'all');
      if (totalWait !== undefined)
        return tooMany(totalWait, 'Too many attachment downloads this minute; try again shortly.');
      const attachment = await attachmentForDownload(deps.db, token.attachmentId);
      if (!attachment) return refuse('not_found', NOT_FOUND);
      res.locals.outcome = 'inbound_attachment_downloaded';
      res
        .status(200)
        .set({
          'Content-Type': 'application/octet-stream',
          'Content-Disposition': contentDisposition(attachment.filename),
          'X-Content-Type-Options': 'nosniff',
          'Content-Length': String(attachment.content.length),
        })
        .end(attachment.content);
      return ANSWERED;
    },
  }),
];

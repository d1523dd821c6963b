// One-click unsubscribe (docs/sending.md, "One-click unsubscribe"; RFC 8058): the List-Unsubscribe
// URL of a message that asked for one. Anonymous (the token is the only credential), limited per
// client and in total, answered with small HTML pages. GET only shows a button: mail scanners
// follow links, so it never unsubscribes. POST (what mailbox providers send, and the button)
// suppresses at once, then announces it in the background (shared mode only).
import { Type } from '@sinclair/typebox';
import type { Request } from 'express';
import type { Config } from '../../core/platform/config';
import { keyedHash } from '../../core/platform/crypto';
import { readUnsubscribeToken } from '../../core/unsubscribe/unsubscribeTokens';
import { checkUnsubscribeToken, unsubscribeByToken } from '../../core/unsubscribe/unsubscribe';
import { ANSWERED, operation } from '../http/operation';
import type { LimitOwner } from '../middleware/authLimits';
import { confirmationPage, notFoundPage, sendPage, unsubscribedPage } from '../presenters/unsubscribePages';

export const UNSUBSCRIBE_PATH = '/u/{token}';

/**
 * Whose windows a request takes (docs/sending.md, "One-click unsubscribe"): the token's recipient,
 * then its account. A token that is not ours takes none but its client's, so forged tokens never
 * spend what real links share; it is answered 404 all the same.
 */
function tokenOwner(req: Request, config: Config): LimitOwner | null {
  const token = req.params.token;
  const claim = typeof token === 'string' ? readUnsubscribeToken(config.secretKey, token) : null;
  if (!claim) return null;
  return {
    account: claim.accountId,
    // Keyed, so the window's name in Redis cannot be matched against a list of addresses.
    recipient: keyedHash(
      config.secretKey,
      'unsubscribe-window',
      `${claim.accountId}\n${claim.recipient.toLowerCase()}`,
    ),
  };
}

const htmlPage = (description: string) => Type.String({ contentMediaType: 'text/html', description });
const NOT_FOUND = [
  htmlPage('A generic page: the link is not valid.'),
  'Not a link Postage made (changed, truncated, another deployment’s), or its account no longer exists; nothing changes.',
] as const;
const DESCRIPTION =
  'The `List-Unsubscribe` URL of a message sent with `unsubscribe` (docs/sending.md, "One-click unsubscribe"). No credentials: the token in the path is sealed by Postage and names the account, recipient, topic and message. Answers are small HTML pages (no scripts, `Cache-Control: no-store`, `Referrer-Policy: no-referrer`).';

export const unsubscribeOperations = [
  operation({
    method: 'get',
    path: UNSUBSCRIBE_PATH,
    operationId: 'unsubscribePage',
    summary: 'The one-click unsubscribe page: a button that POSTs to the same URL (a GET never unsubscribes)',
    description: DESCRIPTION,
    who: 'anyone',
    // Its own windows: the GETs of link scanners never spend the one-click POSTs' allowance.
    limit: 'unsubscribePage',
    limitOwner: tokenOwner,
    ok: [200, htmlPage('Asks whether to unsubscribe, with a button.'), 'The confirmation page.'],
    more: {
      404: NOT_FOUND,
      429: 'Too many pages this hour, from this client, then for the link’s recipient, then from everyone (UNSUBSCRIBE_PAGES_PER_CLIENT_PER_HOUR, UNSUBSCRIBE_PAGES_PER_RECIPIENT_PER_HOUR, UNSUBSCRIBE_PAGES_PER_HOUR; Retry-After). A request refused by one window does not count toward the next, and a token Postage did not make takes only its client’s window (it is a 404).',
    },
    htmlAnswers: [200, 404],
    async handler({ deps, res, params }) {
      const claim = await checkUnsubscribeToken(deps.db, deps.config.secretKey, params.token);
      res.locals.outcome = claim ? 'unsubscribe_page' : 'not_found';
      sendPage(res, claim ? 200 : 404, claim ? confirmationPage(claim.topic) : notFoundPage());
      return ANSWERED;
    },
  }),
  operation({
    method: 'post',
    path: UNSUBSCRIBE_PATH,
    operationId: 'unsubscribeOneClick',
    summary: 'One-click unsubscribe (RFC 8058): suppresses the recipient for the link’s topic, or all mail',
    description:
      DESCRIPTION +
      ' Mailbox providers POST `List-Unsubscribe=One-Click` as a form; any other body, or none, is accepted too. The recipient is added at once to the account’s suppression list (reason `unsubscribed`, with the topic), so the next send to them is refused; posting again answers the same. For a shared message an `email.unsubscribed` webhook follows.',
    who: 'anyone',
    limit: 'unsubscribe',
    limitOwner: tokenOwner,
    ownBody: {
      media: 'application/x-www-form-urlencoded',
      schema: {
        type: 'object',
        properties: { 'List-Unsubscribe': { type: 'string', description: '`One-Click`, as RFC 8058 sends it.' } },
        description: 'Read by nobody: the POST itself is the request to unsubscribe.',
      },
      limit: 4096,
    },
    ok: [200, htmlPage('Says the recipient is unsubscribed.'), 'Unsubscribed (also when already unsubscribed).'],
    more: {
      404: NOT_FOUND,
      429: 'Too many one-click unsubscribes this hour, from this client, then for the link’s recipient, then for its account, then from everyone (UNSUBSCRIBES_PER_CLIENT_PER_HOUR, UNSUBSCRIBES_PER_RECIPIENT_PER_HOUR, UNSUBSCRIBES_PER_ACCOUNT_PER_HOUR, UNSUBSCRIBES_PER_HOUR; Retry-After). A request refused by one window does not count toward the next, so one link posted again and again spends only its own window; a token Postage did not make takes only its client’s window (it is a 404).',
    },
    htmlAnswers: [200, 404],
    async handler({ deps, req, res, params }) {
      const result = await unsubscribeByToken(deps.db, deps.config.secretKey, params.token);
      if (result.outcome === 'not_found') {
        res.locals.outcome = 'not_found';
        sendPage(res, 404, notFoundPage());
        return ANSWERED;
      }
      const { claim, added, at } = result;
      res.locals.outcome = added ? 'unsubscribed' : 'already_unsubscribed';
      res.locals.messageId = claim.messageId;
      sendPage(res, 200, unsubscribedPage(claim.topic));
      // After the answer: the timeline event and the webhook (workflows/announceUnsubscribe.ts).
      // Started again on a repeated POST (in case the first start failed); its id makes that a no-op
      // once one ran. BYOC messages have no log and no webhooks: the suppression is all.
      if (claim.mode === 'shared')
        void deps.workflows
          .startUnsubscribeAnnouncement({
            messageId: claim.messageId,
            accountId: claim.accountId,
            topic: claim.topic,
            at: at.toISOString(),
            token: params.token,
          })
          .catch((err: unknown) =>
            req.log.warn({ err, messageId: claim.messageId }, 'unsubscribe announcement not started'),
          );
      return ANSWERED;
    },
  }),
];

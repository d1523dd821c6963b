// The patterns /openapi.json publishes for rules core/ checks in code say at most what the code
// accepts: every string a client generates from them (here: fast-check, as a third-party tester
// would from the document) passes the code's own check.
import fc from 'fast-check';
import { isValidAddress, parseMailbox } from '../../core/model/addresses';
import { parseSendingDomain } from '../../core/domains/domainRecords';
import { parseByocRoleArn } from '../../core/byoc/byocRole';
import { validateWebhookUrl } from '../../core/webhooks/webhookUrl';
import { BYOC_ROLE_ARN, DOMAIN_NAME, EMAIL_ADDRESS, MAILBOX, WEBHOOK_URL } from '../../api/schemas/patterns';

/** Strings matching `pattern`: generated without its lookaheads (fast-check has none), then kept when they match it all. */
function matching(pattern: string): fc.Arbitrary<string> {
  const full = new RegExp(pattern, 'u');
  const withoutLookaheads = pattern.replace(/\(\?=(?:[^()]|\([^()]*\))*\)/g, '');
  return fc.stringMatching(new RegExp(withoutLookaheads)).filter((s) => full.test(s));
}

const RUNS = { numRuns: 3000 };

test('an address matching EMAIL_ADDRESS is one isValidAddress accepts', () => {
  fc.assert(
    fc.property(matching(EMAIL_ADDRESS), (s) => isValidAddress(s)),
    RUNS,
  );
});

test('a mailbox matching MAILBOX is one parseMailbox accepts', () => {
  fc.assert(
    fc.property(matching(MAILBOX), (s) => !('error' in parseMailbox(s))),
    RUNS,
  );
});

test('a name matching DOMAIN_NAME is a shared domain parseSendingDomain accepts', () => {
  fc.assert(
    fc.property(matching(DOMAIN_NAME), (s) => typeof parseSendingDomain(s, 'shared') === 'string'),
    RUNS,
  );
});

test('an ARN matching BYOC_ROLE_ARN is one parseByocRoleArn accepts', () => {
  fc.assert(
    fc.property(matching(BYOC_ROLE_ARN), (s) => parseByocRoleArn(s).ok),
    RUNS,
  );
});

test('a URL matching WEBHOOK_URL with a host that resolves (here loopback, allowed) passes validateWebhookUrl', async () => {
  const withLoopbackHost = matching(WEBHOOK_URL).map((s) =>
    s.replace(/^(https?:\/\/)(\[[^\]]*\]|[^/:?#]*)/i, '$1127.0.0.1'),
  );
  await fc.assert(
    fc.asyncProperty(
      withLoopbackHost,
      async (s) => typeof (await validateWebhookUrl(s, { allowedPrivateAddresses: ['127.0.0.1'] })) === 'string',
    ),
    RUNS,
  );
});

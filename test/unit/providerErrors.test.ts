// What each SES/STS error means for a message, and what its reason may say. Errors that an
// emulator produces are exercised end to end in test/workflows; these are the shapes no local
// peer returns (suspended account, expired session, 5xx, a refused region).
import { classifySesError, classifyStsError } from '../../core/ses/providerErrors';
import { redactProviderText } from '../../core/platform/redaction';

const awsError = (name: string, message: string, status?: number) =>
  Object.assign(new Error(message), { name, $metadata: status === undefined ? {} : { httpStatusCode: status } });

test.each([
  ['TooManyRequestsException', 429, 'retry'],
  ['LimitExceededException', 400, 'retry'],
  ['InternalFailure', 500, 'retry'],
  ['ServiceUnavailable', 503, 'retry'],
  ['ExpiredTokenException', 400, 'retry'],
  ['MessageRejected', 400, 'message'],
  ['MailFromDomainNotVerifiedException', 400, 'message'],
  ['BadRequestException', 400, 'message'],
  ['AccountSuspendedException', 400, 'account'],
  ['SendingPausedException', 400, 'account'],
  ['AccessDeniedException', 403, 'account'],
] as const)('SES %s (HTTP %d) is a %s error', (name, status, kind) => {
  expect(classifySesError(awsError(name, 'x', status)).kind).toBe(kind);
});

test('a request that got no answer at all is retried; stale session credentials ask for a fresh session', () => {
  expect(classifySesError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })).kind).toBe(
    'retry',
  );
  expect(classifySesError(awsError('ExpiredTokenException', 'expired', 400)).refreshCredentials).toBe(true);
  expect(classifySesError(awsError('TooManyRequestsException', 'slow down', 429)).refreshCredentials).toBe(false);
});

test('STS: a refused role is the customer account; our own refused keys and outages are retried', () => {
  expect(classifyStsError(awsError('AccessDenied', 'not authorized', 403))).toMatchObject({
    kind: 'account',
    reason: 'Could not assume role: AccessDenied: not authorized',
  });
  expect(classifyStsError(awsError('RegionDisabledException', 'STS is not activated in this region', 403)).kind).toBe(
    'account',
  );
  expect(classifyStsError(awsError('InvalidClientTokenId', 'bad relay key', 403)).kind).toBe('retry');
  expect(classifyStsError(awsError('ServiceUnavailable', 'try later', 503)).kind).toBe('retry');
});

test('reasons never carry an address, the subject or the body', () => {
  const content = { subject: 'Quarterly results for Ann', text: 'Dear Ann, the numbers are in.' };
  const reason = classifySesError(
    awsError(
      'MessageRejected',
      'Email address is not verified. The following identities failed the check in region EU-WEST-1: Ann Smith <ann.smith+x@example.org>, "Quarterly results for Ann"; Dear Ann, the numbers are in.',
      400,
    ),
    content,
  ).reason;
  expect(reason).toBe(
    'MessageRejected: Email address is not verified. The following identities failed the check in region EU-WEST-1: Ann Smith <[address]>, "[subject]"; [body]',
  );
  expect(redactProviderText('x'.repeat(600)).length).toBeLessThanOrEqual(501);
});

test('redaction is linear: a megabyte of text a remote server wrote is redacted at once, addresses and all', () => {
  const run = 'x'.repeat(500_000); // one long run without an @: quadratic for the old pattern
  const text = `550 <ann@example.org> ${run} ${'y@'.repeat(250_000)}`;
  expect(text.length).toBeGreaterThan(1_000_000);
  expect(redactProviderText(text)).toBe(`550 <[address]> ${run.slice(0, 484)}…`);
  expect(redactProviderText(`${'z'.repeat(400)} <ann@example.org>`)).toBe(`${'z'.repeat(400)} <[address]>`);
}, 5_000);

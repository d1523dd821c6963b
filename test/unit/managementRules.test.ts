// The pure rules behind the management layer, including the BYOC validation outcome no local
// peer can produce (a role session SES does not recognise yet: IAM changes still propagating).
import { newExternalId } from '../../core/byoc/byocConfig';
import { judgeSesAccount, sesFailure } from '../../core/byoc/byocValidation';
import { parseSendingDomain } from '../../core/domains/domainRecords';
import { PostageError } from '../../core/platform/errors';
import { isSesRegion } from '../../core/platform/sesRegions';
import { refusedAddressReason } from '../../core/webhooks/webhookUrl';

test('ExternalIds are 48 hex characters and never repeat', () => {
  const ids = new Set(Array.from({ length: 1000 }, newExternalId));
  expect(ids.size).toBe(1000);
  for (const id of ids) expect(id).toMatch(/^[0-9a-f]{48}$/);
});

test('SES account answers are judged in the documented order (sending enabled, then out of the sandbox), with 200/day still the sandbox', () => {
  expect(judgeSesAccount({ sendingEnabled: true, max24HourSend: 201 }, 'eu-west-1')).toMatchObject({
    ok: true,
    code: 'ok',
  });
  expect(judgeSesAccount({ sendingEnabled: true, max24HourSend: 200 }, 'eu-west-1')).toMatchObject({
    ok: false,
    code: 'sandbox',
    definitive: true,
  });
  expect(judgeSesAccount({ sendingEnabled: false, max24HourSend: 200 }, 'eu-west-1')).toMatchObject({
    ok: false,
    code: 'sending_disabled',
  });
});

test('a fresh role session SES does not recognise yet means "retry after about 15 seconds", and does not disable BYOC', () => {
  for (const err of [
    { name: 'InvalidClientTokenId', message: 'The security token included in the request is invalid.' },
    { name: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' },
  ]) {
    const result = sesFailure(err);
    expect(result).toMatchObject({ ok: false, code: 'not_propagated', definitive: false });
    expect(result.message).toContain('retry after about 15 seconds');
    expect(result.message).toContain('propagation takes about 10 seconds');
  }
  expect(sesFailure({ name: 'TimeoutError', message: 'socket hang up' })).toMatchObject({
    code: 'ses_unreachable',
    definitive: false,
  });
});

test('sending domains: normalised, a hostname, and for BYOC the root domain', () => {
  expect(parseSendingDomain(' Mail.Example.COM. ', 'shared')).toBe('mail.example.com');
  expect(parseSendingDomain('example.co.uk', 'byoc')).toBe('example.co.uk');
  expect(() => parseSendingDomain('mail.example.co.uk', 'byoc')).toThrow(/use example\.co\.uk/);
  for (const bad of [
    'localhost',
    '-x.example.com',
    'exa mple.com',
    'a..b.com',
    `${'a'.repeat(64)}.com`,
    'http://example.com',
  ]) {
    expect(() => parseSendingDomain(bad, 'shared')).toThrow(PostageError);
  }
});

test('webhook addresses: public unicast passes; private, loopback, link-local, mapped and unique-local need the allow-list', () => {
  expect(refusedAddressReason('93.184.215.14', [])).toBeNull();
  expect(refusedAddressReason('2606:2800:21f:cb07:6820:80da:af6b:8b2c', [])).toBeNull();
  expect(refusedAddressReason('10.0.0.1', [])).toBe('10.0.0.1 is a private address');
  expect(refusedAddressReason('::1', [])).toBe('::1 is a loopback address');
  expect(refusedAddressReason('::ffff:127.0.0.1', [])).toMatch(/ipv4Mapped/);
  expect(refusedAddressReason('100.64.0.1', [])).toMatch(/carrierGradeNat/);
  expect(refusedAddressReason('0.0.0.0', [])).toMatch(/unspecified/);
  expect(refusedAddressReason('10.0.0.1', ['10.0.0.0/8'])).toBeNull();
  expect(refusedAddressReason('::1', ['::1'])).toBeNull();
  expect(refusedAddressReason('::1', ['127.0.0.1', 'not-an-ip'])).toMatch(/loopback/);
});

test('BYOC regions are the ones SES serves', () => {
  expect(isSesRegion('eu-west-1')).toBe(true);
  expect(isSesRegion('us-east-1')).toBe(true);
  expect(isSesRegion('cn-north-1')).toBe(false);
  expect(isSesRegion('US-EAST-1')).toBe(false);
});

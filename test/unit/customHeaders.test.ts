// The custom-header rules (core/model/customHeaders.ts): the published pattern agrees with the
// code, and the relay's pass-through keeps what the API would accept, in order, within the limits.
import {
  customHeaderProblem,
  isStructuralHeader,
  passThroughHeaders,
  structuralHeaderPattern,
} from '../../core/model/customHeaders';

const published = new RegExp(structuralHeaderPattern());

test.each([
  ['From', true],
  ['reply-to', true],
  ['CONTENT-DISPOSITION', true],
  ['Arc-Message-Signature', true],
  ['X-SES-Tenant', true],
  ['x-postage-tags', true],
  ['List-Unsubscribe-Post', true],
  ['Bounces-To', true],
  ['In-Reply-To', false],
  ['References', false],
  ['List-Id', false],
  ['X-From', false],
  ['Fromage', false],
  ['Contents', false],
])('%s is structural: %s (the code and /openapi.json agree)', (name, structural) => {
  expect(isStructuralHeader(name)).toBe(structural);
  expect(published.test(name)).toBe(structural);
  expect(customHeaderProblem(name, 'x') !== undefined).toBe(structural);
});

test("the relay's pass-through keeps the first of each name, drops the rest silently, and stops at the count", () => {
  const many: [string, string][] = Array.from({ length: 25 }, (_, i) => [`X-H${i}`, 'v']);
  expect(
    passThroughHeaders([
      ['Received', 'from a by b'],
      ['X-Campaign', 'one'],
      ['x-campaign', 'two'],
      ['X-Bad', 'a\u0001b'],
      ['MIME-Version', '1.0'],
      ...many,
    ]),
  ).toEqual(Object.fromEntries([['X-Campaign', 'one'], ...many.slice(0, 19)]));
});

// The days an account keeps (core/accounts/retention.ts): its choice, or the default, within the
// smaller of its plan's bound and the deployment's setting.
import { effectiveRetention } from '../../core/accounts/retention';

test.each([
  // chosen, plan bound, deployment default -> days kept, default, max
  [null, 14, 14, { days: 14, default: 14, max: 14 }],
  [1, 14, 14, { days: 1, default: 14, max: 14 }],
  [10, 3, 14, { days: 3, default: 3, max: 3 }],
  [null, 30, 14, { days: 14, default: 14, max: 14 }],
  [20, 30, 14, { days: 14, default: 14, max: 14 }],
  [7, null, 14, { days: 7, default: 14, max: 14 }],
  // No bound of its own (every plan as migrated): a deployment's raised setting is kept whole.
  [null, null, 30, { days: 30, default: 30, max: 30 }],
])('chosen %p on a plan bound of %p with a default of %p keeps %p', (chosen, bound, defaultDays, expected) => {
  expect(effectiveRetention(chosen, bound, defaultDays)).toEqual({ ...expected, chosen });
});

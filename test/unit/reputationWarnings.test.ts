// Which metrics stand at or over their warning or pause level (docs/reputation.md, "Warnings and pauses").
import { metricsCrossing } from '../../core/providerEvents/reputation';

const settings = {
  windowDays: 7,
  minSends: 100,
  minEvents: 3,
  bounceRateWarning: 0.025,
  bounceRateThreshold: 0.05,
  complaintRateWarning: 0.0005,
  complaintRateThreshold: 0.001,
};
const rates = (sends: number, hardBounces: number, complaints: number) => ({
  sends,
  hardBounces,
  complaints,
  bounceRate: hardBounces / sends,
  complaintRate: complaints / sends,
});

test.each([
  ['under both warning levels', rates(1000, 20, 0), 'warning', []],
  ['a bounce rate at its warning level', rates(1000, 25, 0), 'warning', ['bounce_rate']],
  ['a bounce rate over its warning level, under its pause level', rates(1000, 40, 0), 'pause', []],
  ['a bounce rate at its pause level', rates(1000, 50, 0), 'pause', ['bounce_rate']],
  ['both rates over their warning levels', rates(10000, 300, 6), 'warning', ['bounce_rate', 'complaint_rate']],
  ['too few sends', rates(99, 10, 0), 'warning', []],
  ['too few events behind a high rate', rates(100, 2, 2), 'warning', []],
] as const)('%s: %s', (_case, reading, level, metrics) => {
  expect(metricsCrossing(reading, settings, level).map((m) => m.metric)).toEqual(metrics);
});

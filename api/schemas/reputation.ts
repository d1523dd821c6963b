// Where an account stands against the bounce and complaint levels (docs/reputation.md).
import { Type } from '@sinclair/typebox';
import { nullable, object, oneOf } from './management';
import { named } from './named';

const count = (description: string) => Type.Integer({ minimum: 0, description });
const rate = (description: string) => Type.Number({ minimum: 0, maximum: 1, description });

const counts = {
  sends: count('Real shared-mode sends SES accepted.'),
  hard_bounces: count('Of those, the ones that bounced permanently.'),
  complaints: count('Of those, the ones a recipient marked as spam.'),
  bounce_rate: rate('`hard_bounces / sends` (0 without sends): 0.01 is 1 %.'),
  complaint_rate: rate('`complaints / sends` (0 without sends).'),
};

const STANDING = ['too_few_sends', 'ok', 'warning', 'paused'] as const;
const standing = (metric: string) =>
  oneOf(
    STANDING,
    `Where the ${metric} stands: \`too_few_sends\` while it rests on fewer than \`min_sends\` sends or \`min_events\` events (it cannot pause sending yet), else \`ok\`, \`warning\` (at or past the warning level) or \`paused\` (at or past the level at which Postage pauses sending).`,
  );

const Levels = (metric: string) =>
  object(
    {
      warning: rate(`The ${metric} at which the account’s owners and admins are warned.`),
      postage_pause: rate(`The ${metric} at which Postage pauses the account’s sending.`),
      ses_review: rate(`The ${metric} at which Amazon SES reviews a sending account.`),
      ses_pause: rate(`The ${metric} at which Amazon SES may pause a sending account.`),
    },
    { description: `The levels of the ${metric}, as fractions.` },
  );

export const Reputation = named(
  'Reputation',
  object({
    as_of: Type.String({ format: 'date-time', description: 'When the rates were read.' }),
    window_days: Type.Integer({ minimum: 1, description: 'The rates cover sends of the last this many days.' }),
    min_sends: count('Sends in the window before a rate can pause sending.'),
    min_events: count('Hard bounces (or complaints) in the window before that rate can pause sending.'),
    sending: object(
      {
        paused: Type.Boolean({ description: 'Sending is paused: every send is answered 403 `sending_suspended`.' }),
        reason: nullable(Type.String({ description: 'Why, while paused.' })),
        paused_at: nullable(Type.String({ format: 'date-time', description: 'Since when, while paused.' })),
      },
      { description: 'Whether the account may send now.' },
    ),
    levels: object({ bounce_rate: Levels('hard-bounce rate'), complaint_rate: Levels('complaint rate') }),
    account: object(
      { ...counts, bounce_standing: standing('hard-bounce rate'), complaint_standing: standing('complaint rate') },
      { description: 'The account’s rates over the window.' },
    ),
    domains: Type.Array(object({ domain: Type.String({ description: 'The From address’s domain.' }), ...counts }), {
      description: 'The same rates by sending domain, most sends first.',
    }),
    trend: Type.Array(object({ date: Type.String({ description: 'YYYY-MM-DD (UTC)' }), ...counts }), {
      description:
        'The sends of each UTC day of the last 14 (today last, every day present) and how many of them have bounced or drawn a complaint so far.',
    }),
  }),
);

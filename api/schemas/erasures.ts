// Requests about one person's data (docs/privacy.md): erasures of an address (exports: privacy.ts).
import { Type } from '@sinclair/typebox';
import { email, nullable, object, oneOf } from './management';
import { named } from './named';

const count = () => Type.Integer({ minimum: 0 });

export const CreateErasureRequest = named(
  'CreateErasureRequest',
  object({ address: email() }, { description: 'The address to erase from the account’s data (any case).' }),
);

export const Erasure = named(
  'Erasure',
  object({
    id: Type.String({ format: 'uuid', description: 'Its workflow is `erase-<id>` in the Temporal UI.' }),
    status: oneOf(['running', 'completed', 'failed'] as const, '`failed`: a step kept failing; request it again.'),
    removed: object(
      {
        suppressions: Type.Optional(count()),
        scheduled_sends: Type.Optional(count()),
        webhook_deliveries: Type.Optional(count()),
        engagement_events: Type.Optional(count()),
        log_rows: Type.Optional(count()),
        received_messages: Type.Optional(count()),
        audit_entries: Type.Optional(count()),
        exports: Type.Optional(count()),
        live_events: Type.Optional(count()),
      },
      {
        description:
          'What each step removed so far, by kind (a kind appears once its step ran; `suppressions`: the entries that now stand for the address as a keyed hash).',
      },
    ),
    requested_at: Type.String({ format: 'date-time' }),
    completed_at: nullable(Type.String({ format: 'date-time' })),
  }),
);

export const ErasureList = named('ErasureList', object({ erasures: Type.Array(Erasure) }));

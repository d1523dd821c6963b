// Requests about a person's data (docs/privacy.md): the bodies and answers of address exports, in
// TypeBox like the rest of the management API (management.ts).
import { Type } from '@sinclair/typebox';
import { email, object, oneOf } from './management';
import { named } from './named';

const count = (description: string) => Type.Integer({ minimum: 0, description });
const time = (description: string) => Type.String({ format: 'date-time', description });

export const CreateAddressExportRequest = named('CreateAddressExportRequest', object({ address: email() }));

export const AddressExport = named(
  'AddressExport',
  object({
    id: Type.String({ format: 'uuid' }),
    status: oneOf(['ready'] as const, '`ready`: the document is built and may be downloaded.'),
    truncated: Type.Boolean({
      description:
        'The document reached its size limit (32 MB) and holds the oldest records only: the rest are listed by the API (GET /api/emails?recipient=, GET /api/inbound?from=).',
    }),
    size_bytes: count('The JSON document’s size.'),
    counts: object(
      {
        emails: count('Email log rows to the address (each with its timeline, schedule and webhook deliveries).'),
        suppressions: count('Suppressions of the address (unsubscribes included).'),
        received: count('Messages received from or to the address.'),
      },
      { description: 'The records in the document, by kind.' },
    ),
    created_at: time('When it was asked for (and built).'),
    expires_at: time('When it is deleted (7 days after it was made).'),
    download_url: Type.String({
      description:
        'A signed link to download the document (JSON, as an attachment), good without a session for an hour and never past `expires_at`; a fresh one with every read. It names neither the address nor the account.',
    }),
    download_url_expires_at: time('When `download_url` stops working.'),
  }),
);

export const AddressExportList = named(
  'AddressExportList',
  object({ exports: Type.Array(AddressExport, { description: 'Unexpired exports, newest first.' }) }),
);

// Query parameters, written once as TypeBox schemas on their operation's row (`query`): the schema
// is what /openapi.json publishes as the parameter and what the request's query is validated
// against (api/http/requestQuery.ts, with ajv), and Static<> is the handler's type of it. What a
// schema cannot say about reading a URL's text (a number written in digits, a date JavaScript
// reads, the refusal's wording) rides on the schema under a symbol, as checkedInCode.ts does.
import { Type, type Static, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';
import { MESSAGE_TAG } from '../../core/model/messageContent';
import { checkedInCode } from './checkedInCode';
import { UNSUBSCRIBE_TOPIC } from '../../core/model/messageContent';

/** How a parameter's text becomes its value, beside what its schema checks. */
export interface QueryReading {
  /** The text as the schema judges it (a number for an integer); absent: the text itself. */
  decode?: (text: string) => unknown;
  /** The value the handler gets from a valid one, or undefined to refuse it after all (a date JavaScript cannot read). */
  value?: (valid: string) => unknown;
  /** Why a value is refused (one over the maximum length is told so instead). */
  refusal: string;
}

const READING = Symbol('queryReading');

function parameter<T extends TSchema>(schema: T, reading: QueryReading): T {
  return Object.assign(schema, { [READING]: reading });
}

export function readingOf(schema: TSchema): QueryReading {
  return (schema as { [READING]?: QueryReading })[READING] ?? { refusal: 'Invalid value.' };
}

/** Text of the Basic Multilingual Plane without NUL. */
export const BMP_TEXT_PATTERN = '^[\\x01-\\uD7FF\\uE000-\\uFFFF]*$';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** A filter of at most `max` UTF-16 units, as JavaScript counts them: that many characters of the Basic Multilingual Plane (no NUL). Empty is no filter. */
export const text = (max: number, description: string) =>
  Type.Optional(
    parameter(Type.String({ maxLength: max, pattern: BMP_TEXT_PATTERN, description }), {
      refusal: 'Must be text without NUL and without characters outside the Basic Multilingual Plane (such as emoji).',
    }),
  );

/** A topic of one-click unsubscribe (docs/sending.md, "One-click unsubscribe"). */
export const topic = (description: string) =>
  Type.Optional(
    parameter(Type.String({ maxLength: 64, pattern: UNSUBSCRIBE_TOPIC, description }), {
      refusal: 'Must be 1 to 64 lower-case letters, digits, _, . or -, starting with a letter or digit.',
    }),
  );

/** One of a fixed set of values. */
export const choice = <T extends string>(values: readonly T[], description: string) =>
  Type.Optional(
    parameter(Type.Unsafe<T>({ enum: [...values], description }), { refusal: `Must be one of ${values.join(', ')}.` }),
  );

const ISO_DATE_START = '^[0-9]{4}-[0-9]{2}-[0-9]{2}';

/**
 * An ISO 8601 date (midnight UTC) or RFC 3339 date-time, as published; read as JavaScript's Date
 * reads what starts with a date (it has no leap second), which takes every published form.
 */
export const time = (description: string) =>
  Type.Optional(
    parameter(
      Type.Unsafe<Date>(
        checkedInCode(
          {
            type: 'string',
            maxLength: 40,
            // Each branch says `string` again, so generators read the parameter as a string.
            anyOf: [
              { type: 'string', format: 'date' },
              {
                type: 'string',
                format: 'date-time',
                pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-5][0-9]',
              },
            ],
            description,
          },
          { type: 'string', maxLength: 40, pattern: ISO_DATE_START },
        ),
      ),
      {
        value: (valid) => {
          const date = new Date(valid);
          return Number.isNaN(date.getTime()) ? undefined : date;
        },
        refusal: 'Must be an ISO 8601 date such as 2026-11-01 or 2026-11-01T12:00:00Z.',
      },
    ),
  );

const TAG_PART = MESSAGE_TAG.slice(1, -1);

/** `name:value`, each a message tag. */
export const tag = (description: string) =>
  Type.Optional(
    parameter(
      Type.Unsafe<{ name: string; value: string }>({
        type: 'string',
        maxLength: 513,
        pattern: `^${TAG_PART}:${TAG_PART}$`,
        description,
      }),
      {
        value: (valid) => ({ name: valid.slice(0, valid.indexOf(':')), value: valid.slice(valid.indexOf(':') + 1) }),
        refusal: 'Must be name:value, each 1 to 256 ASCII letters, digits, _ or -.',
      },
    ),
  );

/** Rows per page: always a value (the default when absent). */
export const limit = () =>
  parameter(
    Type.Integer({
      minimum: 1,
      maximum: MAX_PAGE_SIZE,
      default: DEFAULT_PAGE_SIZE,
      description: `Rows per page, 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).`,
    }),
    {
      decode: (text) => (/^[0-9]+$/.test(text) ? Number(text) : text),
      refusal: `Must be a whole number from 1 to ${MAX_PAGE_SIZE}.`,
    },
  );

/** A whole number from `min` to `max`: always a value (the default when absent). */
export const wholeNumber = (min: number, max: number, byDefault: number, description: string) =>
  parameter(Type.Integer({ minimum: min, maximum: max, default: byDefault, description }), {
    decode: (text) => (/^[0-9]+$/.test(text) ? Number(text) : text),
    refusal: `Must be a whole number from ${min} to ${max}.`,
  });

/** `next_cursor` of a previous page. */
export const cursor = () =>
  Type.Optional(
    parameter(
      Type.String({
        maxLength: 400,
        pattern: '^[A-Za-z0-9_-]*$',
        description:
          '`next_cursor` of the previous page, as it was given: any other text is a 400 on `cursor` (the cursor is opaque, so a schema cannot state which texts are one).',
      }),
      { refusal: 'Must be the next_cursor of a previous page, as it was given.' },
    ),
  );

/** The parameters of a listing with cursor pages. */
export const page = () => ({ limit: limit(), cursor: cursor() });

/** An operation's query parameters, in the order the document lists them; any other parameter is ignored. */
export const queryParameters = <P extends TProperties>(properties: P) =>
  Type.Object(properties, { additionalProperties: true });

/** What the handler reads: each parameter's value (a date as a Date, a tag as its two parts). */
export type QueryValues<Q extends TObject> = Static<Q>;

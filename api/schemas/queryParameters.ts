// Query parameters as /openapi.json describes them: what api/http/queryReader.ts accepts.

/** Text of the Basic Multilingual Plane without NUL: what QueryReader.text accepts. */
export const BMP_TEXT_PATTERN = '^[\\x01-\\uD7FF\\uE000-\\uFFFF]*$';

/** A query parameter of at most `max` UTF-16 units, as QueryReader counts: described as that many characters of the Basic Multilingual Plane (no NUL). */
export const text = (max: number) => ({ type: 'string', maxLength: max, pattern: BMP_TEXT_PATTERN });

/** The `cursor` parameter's schema, which QueryReader.cursor applies. */
export const CURSOR = { type: 'string', maxLength: 400, pattern: '^[A-Za-z0-9_-]*$' } as const;

export const LIMIT = { name: 'limit', description: 'Rows per page, 1 to 100 (default 25).', schema: { type: 'integer', minimum: 1, maximum: 100 } };

export const PAGE = [
  LIMIT,
  {
    name: 'cursor',
    description: '`next_cursor` of the previous page, as it was given: any other text is a 400 on `cursor` (the cursor is opaque, so a schema cannot state which texts are one).',
    schema: CURSOR,
  },
];

/** An ISO 8601 date (midnight UTC) or RFC 3339 date-time; JavaScript's Date has no leap second. */
export const TIME = {
  type: 'string',
  maxLength: 40,
  // Each branch says `string` again, so generators read the parameter as a string.
  anyOf: [
    { type: 'string', format: 'date' },
    { type: 'string', format: 'date-time', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-5][0-9]' },
  ],
};

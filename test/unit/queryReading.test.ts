// Query parameters are read against their row's schemas (api/schemas/queryParameters.ts) by ajv,
// with the sets the document states: an empty typed value is refused (an empty filter is none),
// text is of the Basic Multilingual Plane without NUL, a cursor is at most 400 of its characters,
// a page size is 1 to 100 (25 when absent), a repeated parameter is refused, an undeclared one is
// ignored, and each refusal names its parameter once.
import type { Request, Response } from 'express';
import { validQuery } from '../../api/http/requestQuery';
import { choice, page, queryParameters, tag, text, time } from '../../api/schemas/queryParameters';

const schema = queryParameters({
  status: choice(['sent', 'failed'] as const, 'A status.'),
  recipient: text(10, 'Part of the address.'),
  since: time('From.'),
  tag: tag('A tag.'),
  ...page(),
});

/** The values read from `query`, or the field errors of the 400. */
function read(query: Record<string, unknown>): {
  values?: Record<string, unknown>;
  errors?: Record<string, string[]>;
  status?: number;
} {
  const answer: { status?: number; errors?: Record<string, string[]> } = {};
  const res = {
    locals: {},
    status(code: number) {
      answer.status = code;
      return this;
    },
    json(body: { errors: Record<string, string[]> }) {
      answer.errors = body.errors;
      return this;
    },
  } as unknown as Response;
  const values = validQuery(schema, { query } as unknown as Request, res);
  return values === undefined ? answer : { values };
}

test('absent parameters: the page size defaults, nothing else is set', () => {
  expect(read({})).toEqual({ values: { limit: 25 } });
  expect(read({ unknown: 'x', other: ['a', 'b'] })).toEqual({ values: { limit: 25 } });
});

test('valid values are read as the handler uses them: a number, a Date, a tag split in two', () => {
  expect(
    read({
      status: 'sent',
      recipient: 'ada',
      since: '2026-11-01',
      tag: 'kind:invoice',
      limit: '100',
      cursor: 'abc_-9',
    }),
  ).toEqual({
    values: {
      status: 'sent',
      recipient: 'ada',
      since: new Date('2026-11-01T00:00:00Z'),
      tag: { name: 'kind', value: 'invoice' },
      limit: 100,
      cursor: 'abc_-9',
    },
  });
  // What JavaScript's Date reads from what starts with a date, as before (the document states the RFC 3339 subset).
  expect(read({ since: '2026-11-01T12:00' }).values?.since).toBeInstanceOf(Date);
});

test('an empty filter is no filter; an empty typed value is refused', () => {
  expect(read({ recipient: '', cursor: '' })).toEqual({ values: { limit: 25 } });
  for (const name of ['status', 'since', 'tag', 'limit']) {
    expect(read({ [name]: '' })).toEqual({
      status: 400,
      errors: { [name]: ['Must not be empty: leave the parameter out instead.'] },
    });
  }
});

test('each refusal names its parameter once, in the words of the parameter', () => {
  const refused = (query: Record<string, unknown>) => read(query).errors;
  expect(refused({ status: 'lost' })).toEqual({ status: ['Must be one of sent, failed.'] });
  expect(refused({ recipient: 'a😀' })).toEqual({
    recipient: [
      'Must be text without NUL and without characters outside the Basic Multilingual Plane (such as emoji).',
    ],
  });
  // Within the Basic Multilingual Plane a character is one UTF-16 unit, so no count differs.
  expect(refused({ recipient: 'é'.repeat(11) })).toEqual({ recipient: ['Must be at most 10 characters.'] });
  expect(refused({ recipient: '😀'.repeat(6) })).toEqual({
    recipient: [
      'Must be text without NUL and without characters outside the Basic Multilingual Plane (such as emoji).',
    ],
  });
  expect(refused({ recipient: ['a', 'b'] })).toEqual({ recipient: ['Give this parameter once.'] });
  expect(refused({ since: 'yesterday' })).toEqual({
    since: ['Must be an ISO 8601 date such as 2026-11-01 or 2026-11-01T12:00:00Z.'],
  });
  expect(refused({ since: '2026-13-45' })).toEqual({
    since: ['Must be an ISO 8601 date such as 2026-11-01 or 2026-11-01T12:00:00Z.'],
  });
  expect(refused({ tag: 'kind' })).toEqual({
    tag: ['Must be name:value, each 1 to 256 ASCII letters, digits, _ or -.'],
  });
  for (const limit of ['0', '101', '1.5', '-1', ' 5', '1e1', 'ten'])
    expect(refused({ limit })).toEqual({ limit: ['Must be a whole number from 1 to 100.'] });
  expect(refused({ cursor: 'a.b' })).toEqual({
    cursor: ['Must be the next_cursor of a previous page, as it was given.'],
  });
  expect(refused({ cursor: 'A'.repeat(401) })).toEqual({ cursor: ['Must be at most 400 characters.'] });
  expect(refused({ status: 'lost', limit: '0', recipient: ['a', 'b'] })).toEqual({
    status: ['Must be one of sent, failed.'],
    limit: ['Must be a whole number from 1 to 100.'],
    recipient: ['Give this parameter once.'],
  });
});

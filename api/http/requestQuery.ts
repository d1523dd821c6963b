// A request's query, read against its operation's parameters (api/schemas/queryParameters.ts):
// one value each, checked by ajv against the schema the document publishes, every problem
// collected into one 400 with field errors naming the parameter. A parameter the operation does
// not declare is ignored. Before this, middleware/parameters.ts has refused text PostgreSQL
// cannot store.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { TObject, TSchema } from '@sinclair/typebox';
import type { Request, Response } from 'express';
import { sendValidationError } from './errors';
import { FieldErrorCollector } from './fieldErrors';
import { validationSchema } from '../schemas/checkedInCode';
import { readingOf } from '../schemas/queryParameters';

const ajv = new Ajv2020({ allErrors: true, strict: false, useDefaults: true });
addFormats(ajv);

interface CompiledQuery {
  validate: ValidateFunction;
  /** Whether the empty text is a value of each parameter (a text filter) or not (a number, a date, a choice). */
  takesEmpty: Map<string, boolean>;
}
const compiled = new WeakMap<TObject, CompiledQuery>();

function compile(schema: TObject): CompiledQuery {
  let found = compiled.get(schema);
  if (!found) {
    const takesEmpty = new Map(
      Object.entries(schema.properties).map(([name, property]: [string, TSchema]) => [
        name,
        ajv.validate(validationSchema(property), ''),
      ]),
    );
    found = { validate: ajv.compile(validationSchema(schema)), takesEmpty };
    compiled.set(schema, found);
  }
  return found;
}

/** The query's values as the handler reads them; otherwise the 400 has been sent and undefined is returned. */
export function validQuery(schema: TObject, req: Request, res: Response): Record<string, unknown> | undefined {
  const { validate, takesEmpty } = compile(schema);
  const errors = new FieldErrorCollector();
  const refused = new Set<string>();
  const refuse = (name: string, message: string) => {
    if (refused.has(name)) return; // one message a parameter, the first problem found
    refused.add(name);
    errors.add(name, message);
  };
  const given: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    // Express's query parser gives a string, or an array for a repeated name.
    const text: unknown = req.query[name];
    if (text === undefined) continue;
    if (typeof text !== 'string') refuse(name, 'Give this parameter once.');
    // A filter left empty filters nothing; a typed value cannot be empty, so `until=` is refused rather than ignored.
    else if (text === '' && takesEmpty.get(name)) continue;
    else if (text === '') refuse(name, 'Must not be empty: leave the parameter out instead.');
    else given[name] = readingOf(property as TSchema).decode?.(text) ?? text;
  }
  if (!validate(given)) {
    // A length over the maximum says so; any other problem gets the parameter's own words.
    const problems = [...(validate.errors ?? [])].sort(
      (a, b) => Number(b.keyword === 'maxLength') - Number(a.keyword === 'maxLength'),
    );
    for (const problem of problems) {
      const name = problem.instancePath.split('/')[1];
      const property = name === undefined ? undefined : schema.properties[name];
      if (name === undefined || property === undefined) continue;
      refuse(
        name,
        problem.keyword === 'maxLength'
          ? `Must be at most ${String(problem.params.limit)} characters.`
          : readingOf(property).refusal,
      );
    }
  }
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(given)) {
    if (refused.has(name)) continue;
    const property = schema.properties[name]!;
    const read = readingOf(property).value;
    const result = read && typeof value === 'string' ? read(value) : value;
    if (result === undefined) refuse(name, readingOf(property).refusal);
    else values[name] = result;
  }
  if (errors.size > 0) {
    res.locals.outcome = 'invalid_query';
    sendValidationError(res, errors.toObject());
    return undefined;
  }
  return values;
}

/**
 * The values, where reading a parameter the operation does not declare throws (outside
 * production): a handler that reads one would otherwise always see it absent, and the document
 * would not list it.
 */
export function strictQuery<T extends Record<string, unknown>>(values: T, schema: TObject): T {
  return new Proxy(values, {
    get(target, key, receiver) {
      if (typeof key === 'string' && !(key in schema.properties) && !(key in Object.prototype)) {
        throw new Error(
          `the handler read the query parameter "${key}", which its operation does not declare (add it to the row's \`query\`)`,
        );
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

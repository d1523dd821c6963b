// Sign-in and management request bodies: checked against the operation's schema (the one
// /openapi.json publishes, api/schemas/management.ts) before its handler sees them; a mismatch is
// a 400 with field errors.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Request, Response } from 'express';
import { sendValidationError } from './errors';
import { FieldErrorCollector, fieldPath, genericFieldMessage } from './fieldErrors';
import { validationSchema } from '../schemas/checkedInCode';
import type { TSchema } from '@sinclair/typebox';

const ajv = new Ajv2020({ allErrors: true, strict: false, useDefaults: true });
addFormats(ajv);
const validators = new WeakMap<TSchema, ValidateFunction>();

function validatorFor(schema: TSchema): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(validationSchema(schema));
    validators.set(schema, validate);
  }
  return validate;
}

/** The body as `T` when it matches the schema; otherwise the 400 has been sent and undefined is returned. */
export function validBody(schema: TSchema, req: Request, res: Response): unknown {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    res.locals.outcome = 'invalid_body';
    sendValidationError(res, { _body: ['The body must be a JSON object.'] });
    return undefined;
  }
  const validate = validatorFor(schema);
  if (validate(body)) return body;
  const errors = new FieldErrorCollector();
  for (const err of validate.errors ?? []) {
    // `oneOf` repeats the branch errors; the branch messages say it better.
    if (err.keyword !== 'oneOf') errors.add(fieldPath(err), genericFieldMessage(err));
  }
  res.locals.outcome = 'invalid_body';
  sendValidationError(res, errors.toObject());
  return undefined;
}

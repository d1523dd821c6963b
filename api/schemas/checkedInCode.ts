// Constraints that /openapi.json publishes and core/ (or the route) checks itself with its own
// field messages: an email address, a password's length, a domain name, the cross-field rules of
// a send. ajv validates with a looser stand-in, so a client keeps getting the message that says
// what is wrong in plain words, while the document states everything a request must satisfy (the
// conformance run, test/api/conformance.test.ts, holds the two to agreement).
//
// The stand-in rides on the schema under a symbol key: TypeBox's modifiers (Type.Optional) copy
// a schema with its own keys, symbols included, and JSON (the served document) drops symbols.
const VALIDATED_AS = Symbol('validatedAs');

/** `published`, which ajv validates as `validated`: the code checks the difference. */
export function checkedInCode<T extends object>(published: T, validated: object): T {
  return Object.assign(published, { [VALIDATED_AS]: validated });
}

/**
 * What ajv validates with: a published schema with each checked-in-code part replaced by its
 * stand-in, and without the names the document gives (`$id`, named.ts): ajv would read them as
 * the schemas' addresses and refuse one met twice.
 */
export function validationSchema<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((item: unknown) => validationSchema(item)) as T;
  if (typeof schema !== 'object' || schema === null) return schema;
  const source = (schema as { [VALIDATED_AS]?: object })[VALIDATED_AS] ?? schema;
  return Object.fromEntries(
    Object.entries(source)
      .filter(([key]) => key !== '$id')
      .map(([key, value]) => [key, validationSchema(value)]),
  ) as T;
}

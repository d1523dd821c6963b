// Constraints that /openapi.json publishes and core/ (or the route) checks itself with its own
// field messages: an email address, a password's length, a domain name, the cross-field rules of
// a send. ajv validates with a looser stand-in, so a client keeps getting the message that says
// what is wrong in plain words, while the document states everything a request must satisfy (the
// conformance run, test/api/conformance.test.ts, holds the two to agreement).
const VALIDATED_AS = new WeakMap<object, object>();

/** `published`, which ajv validates as `validated`: the code checks the difference. */
export function checkedInCode<T extends object>(published: T, validated: object): T {
  VALIDATED_AS.set(published, validated);
  return published;
}

/** What ajv validates with: a published schema with each checked-in-code part replaced by its stand-in. */
export function validationSchema<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((item: unknown) => validationSchema(item)) as T;
  if (typeof schema !== 'object' || schema === null) return schema;
  const source = VALIDATED_AS.get(schema) ?? schema;
  return Object.fromEntries(Object.entries(source).map(([key, value]) => [key, validationSchema(value)])) as T;
}

// A schema with a name: its `$id`, set where the schema is defined. /openapi.json publishes every
// schema that has one under components/schemas by that name and refers to it with `$ref` wherever
// it appears, nested ones included (api/openapi/components.ts), so no schema is inlined because
// someone forgot to list it. ajv never sees the `$id` (checkedInCode.ts, validationSchema).

/** `schema`, named `id` in the document. */
export function named<T extends object>(id: string, schema: T): T & { $id: string } {
  return Object.assign(schema, { $id: id });
}

/** The name of a named schema, or undefined. */
export function nameOf(schema: unknown): string | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const id = (schema as { $id?: unknown }).$id;
  return typeof id === 'string' ? id : undefined;
}

const NARROWS = Symbol('narrows');

/** The named schema `base` with more constraints beside it (an error answer's codes), published as `{ $ref, ...narrowing }`. */
export function narrowed(base: object, narrowing: object): object {
  if (!nameOf(base)) throw new Error('only a named schema can be narrowed');
  return Object.assign({ ...narrowing }, { [NARROWS]: base });
}

/** The schema `value` narrows, or undefined. */
export function narrowedBase(value: object): object | undefined {
  return (value as { [NARROWS]?: object })[NARROWS];
}

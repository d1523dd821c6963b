// The document's components/schemas, gathered from the schemas themselves: every schema with a
// `$id` (api/schemas/named.ts), wherever it appears in the document, nested ones included, is
// published once under that name and referred to with `$ref`. Two different schemas with one
// name are a mistake this refuses to publish.
import { nameOf, narrowedBase } from '../schemas/named';

const ref = (name: string) => `#/components/schemas/${name}`;

/**
 * `node` with every named schema replaced by a `$ref` (a narrowed one by its `$ref` and the
 * narrowing), and the named schemas, each without its `$id` (in the document an `$id` would change
 * the base its `$ref`s resolve against), by name in alphabetical order.
 */
export function collectComponents<T>(node: T): { document: T; schemas: Record<string, unknown> } {
  const schemas = new Map<string, { text: string; schema: unknown }>();
  const publish = (name: string, schema: object): void => {
    if (schemas.has(name)) {
      const text = JSON.stringify(schema);
      if (schemas.get(name)!.text !== text) throw new Error(`two different schemas are named ${name}`);
      return;
    }
    schemas.set(name, { text: '', schema: undefined }); // taken before walking: a schema may contain itself
    const { $id: _name, ...body } = schema as { $id?: string };
    schemas.set(name, { text: JSON.stringify(schema), schema: walk(body) });
  };
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value !== 'object' || value === null) return value;
    const base = narrowedBase(value);
    if (base) {
      publish(nameOf(base)!, base);
      // Object.entries leaves the symbol behind.
      return { $ref: ref(nameOf(base)!), ...(walk(Object.fromEntries(Object.entries(value))) as object) };
    }
    const name = nameOf(value);
    if (name) {
      publish(name, value);
      return { $ref: ref(name) };
    }
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, walk(v)]));
  };
  const document = walk(node) as T;
  const sorted = [...schemas.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { document, schemas: Object.fromEntries(sorted.map(([name, { schema }]) => [name, schema])) };
}

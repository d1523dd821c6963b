// /openapi.json's schemas compile in a standard JSON Schema 2020-12 validator with its defaults
// (Ajv: strict mode, patterns as `u` regular expressions), as a client validating requests
// against the document would use it (docs/compatibility.md).
import Ajv2020 from 'ajv/dist/2020';
import { buildOpenApiDocument } from '../../api/openapi/document';
import { loadConfig } from '../../core/platform/config';

const doc = buildOpenApiDocument(loadConfig({ NODE_ENV: 'development' }));
const ID = 'https://postage.invalid/openapi.json';

test('every component schema compiles with Ajv 2020 defaults', () => {
  // Formats are checked by no default validator without a plugin: only they are left out.
  const ajv = new Ajv2020({ validateFormats: false });
  const schemas = doc.components.schemas as Record<string, unknown>;
  ajv.addSchema({
    $id: ID,
    $defs: JSON.parse(JSON.stringify(schemas).replaceAll('"#/components/schemas/', '"#/$defs/')) as object,
  });
  const failures: string[] = [];
  for (const name of Object.keys(schemas)) {
    try {
      ajv.compile({ $ref: `${ID}#/$defs/${name}` });
    } catch (error) {
      failures.push(`${name}: ${(error as Error).message}`);
    }
  }
  expect(failures).toEqual([]);
});

test('every pattern anywhere in the document is a valid `u` regular expression', () => {
  const invalid: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'pattern' && typeof value === 'string')
        try {
          new RegExp(value, 'u');
        } catch {
          invalid.push(value);
        }
      visit(value);
    }
  };
  visit(doc);
  expect(invalid).toEqual([]);
});

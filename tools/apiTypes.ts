// The dashboard's types of the public API, generated from the OpenAPI document the API serves
// (openapi-typescript), so the dashboard cannot drift from the API: `npm run generate:api`
// rewrites dashboard/src/generated/openapi.ts, and a unit test fails when the committed file
// differs from what the current document generates.
import fs from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildOpenApiDocument } from '../api/openapi/document';
import { loadConfig } from '../core/platform/config';

export const API_TYPES_PATH = path.resolve(__dirname, '..', 'dashboard', 'src', 'generated', 'openapi.ts');

const BANNER = '// Generated from /openapi.json by `npm run generate:api` (tools/apiTypes.ts). Do not edit.\n';

export async function generateApiTypes(): Promise<string> {
  // Defaults only: the types do not depend on a deployment's settings.
  const document = buildOpenApiDocument(loadConfig({ NODE_ENV: 'development' }));
  // openapi-typescript takes the document as a parsed object; its own type is stricter than our literal.
  const ast = await openapiTS(JSON.parse(JSON.stringify(document)) as Parameters<typeof openapiTS>[0], { alphabetize: true });
  return BANNER + astToString(ast);
}

// `--check`: exit 1 when the committed file differs (the unit test runs this in a child process:
// openapi-typescript's dependencies are ES modules, which jest's module system cannot require).
if (require.main === module) {
  void generateApiTypes().then((text) => {
    if (process.argv.includes('--check')) {
      const current = fs.existsSync(API_TYPES_PATH) ? fs.readFileSync(API_TYPES_PATH, 'utf8') : '';
      if (current !== text) {
        console.error(`${path.relative(process.cwd(), API_TYPES_PATH)} is stale: run \`npm run generate:api\` and commit the result`);
        process.exit(1);
      }
      return;
    }
    fs.mkdirSync(path.dirname(API_TYPES_PATH), { recursive: true });
    fs.writeFileSync(API_TYPES_PATH, text);
    console.log(`wrote ${path.relative(process.cwd(), API_TYPES_PATH)}`);
  });
}

// The dashboard's types of the public API, generated from the OpenAPI document the API serves
// (openapi-typescript), so the dashboard cannot drift from the API: `npm run generate:api`
// rewrites dashboard/src/generated/openapi.ts and sdks/openapi.json (what the SDKs are generated
// from), and a unit test fails when a committed file differs from what the current document gives.
import fs from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildOpenApiDocument } from '../api/openapi/document';
import { loadConfig } from '../core/platform/config';

export const API_TYPES_PATH = path.resolve(__dirname, '..', 'dashboard', 'src', 'generated', 'openapi.ts');
/** The document the SDKs are generated from (each SDK's generate.sh), committed beside them. */
export const SDK_DOCUMENT_PATH = path.resolve(__dirname, '..', 'sdks', 'openapi.json');

const BANNER = '// Generated from /openapi.json by `npm run generate:api` (tools/apiTypes.ts). Do not edit.\n';

/** The served document with the defaults of a deployment (the types do not depend on its settings). */
function defaultDocument() {
  return buildOpenApiDocument(loadConfig({ NODE_ENV: 'development' }));
}

export function sdkDocument(): string {
  return `${JSON.stringify(defaultDocument(), null, 2)}\n`;
}

export async function generateApiTypes(): Promise<string> {
  const document = defaultDocument();
  // openapi-typescript takes the document as a parsed object; its own type is stricter than our literal.
  const ast = await openapiTS(JSON.parse(JSON.stringify(document)) as Parameters<typeof openapiTS>[0], { alphabetize: true });
  return BANNER + astToString(ast);
}

// `--check`: exit 1 when the committed file differs (the unit test runs this in a child process:
// openapi-typescript's dependencies are ES modules, which jest's module system cannot require).
if (require.main === module) {
  void generateApiTypes().then((text) => {
    const outputs: [string, string][] = [
      [API_TYPES_PATH, text],
      [SDK_DOCUMENT_PATH, sdkDocument()],
    ];
    for (const [file, content] of outputs) {
      if (process.argv.includes('--check')) {
        const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
        if (current !== content) {
          console.error(`${path.relative(process.cwd(), file)} is stale: run \`npm run generate:api\` and commit the result`);
          process.exitCode = 1;
        }
        continue;
      }
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, content);
      console.log(`wrote ${path.relative(process.cwd(), file)}`);
    }
  });
}

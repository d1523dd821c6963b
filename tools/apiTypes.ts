// The API's generated TypeScript types, from the OpenAPI document the API serves, so neither the
// dashboard nor the TypeScript SDK can drift from the API. `npm run generate:api` writes
// sdks/openapi.json (the document with a deployment's defaults, what every SDK is generated from)
// and then runs sdks/typescript/generate.sh, which writes the one types file from it with
// openapi-typescript: sdks/typescript/src/generated/openapi.ts, packed with the SDK and imported
// by the dashboard through its `@sdk/openapi` alias (dashboard/tsconfig.json).
// `--check` changes nothing and exits 1 when either committed file differs from what the current
// document gives (test/unit/apiTypes.test.ts runs it).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildOpenApiDocument } from '../api/openapi/document';
import { loadConfig } from '../core/platform/config';

/** The document the SDKs are generated from (each SDK's generate.sh), committed beside them. */
export const SDK_DOCUMENT_PATH = path.resolve(__dirname, '..', 'sdks', 'openapi.json');
/** The one generated types file, written from SDK_DOCUMENT_PATH by TYPES_GENERATOR. */
export const API_TYPES_PATH = path.resolve(__dirname, '..', 'sdks', 'typescript', 'src', 'generated', 'openapi.ts');
const TYPES_GENERATOR = path.resolve(__dirname, '..', 'sdks', 'typescript', 'generate.sh');

/** The served document with the defaults of a deployment (the types do not depend on its settings). */
function defaultDocument() {
  return buildOpenApiDocument(loadConfig({ NODE_ENV: 'development' }));
}

export function sdkDocument(): string {
  return `${JSON.stringify(defaultDocument(), null, 2)}\n`;
}

if (require.main === module) {
  const check = process.argv.includes('--check');
  const relative = (file: string) => path.relative(process.cwd(), file);
  const document = sdkDocument();
  if (check) {
    const current = fs.existsSync(SDK_DOCUMENT_PATH) ? fs.readFileSync(SDK_DOCUMENT_PATH, 'utf8') : '';
    if (current !== document) {
      console.error(`${relative(SDK_DOCUMENT_PATH)} is stale: run \`npm run generate:api\` and commit the result`);
      process.exitCode = 1;
    }
  } else {
    fs.mkdirSync(path.dirname(SDK_DOCUMENT_PATH), { recursive: true });
    fs.writeFileSync(SDK_DOCUMENT_PATH, document);
    console.log(`wrote ${relative(SDK_DOCUMENT_PATH)}`);
  }
  // The types, from the committed document (just written, or checked above).
  const run = spawnSync('bash', [TYPES_GENERATOR, ...(check ? ['--check'] : [])], { encoding: 'utf8' });
  if (run.status !== 0) {
    process.stderr.write(`${run.stdout ?? ''}${run.stderr ?? ''}${run.error ? `${run.error.message}\n` : ''}`);
    console.error(
      check
        ? `${relative(API_TYPES_PATH)} is stale: run \`npm run generate:api\` and commit the result`
        : `${relative(TYPES_GENERATOR)} failed (exit ${run.status ?? run.signal})`,
    );
    process.exitCode = 1;
  } else if (!check) {
    console.log(`wrote ${relative(API_TYPES_PATH)}`);
  }
}

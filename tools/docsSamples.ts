// `npm run generate:docs`: copies the SDKs' tested code samples (tools/docs/sdkSamples.ts) into
// api/openapi/codeSamples.json (the API reference at /docs shows them) and into every
// `<!-- sample: <language> <METHOD> <path> -->` fence of README.md and docs/*.md. `--check`
// changes nothing and exits 1 when a file is not what the samples give (a unit test runs it).
import fs from 'node:fs';
import path from 'node:path';
import { completeSample, readSdkSamples, SDK_LANGUAGES, type SdkLanguage, type SdkSamples } from './docs/sdkSamples';

const ROOT = path.resolve(__dirname, '..');
export const CODE_SAMPLES_PATH = path.join(ROOT, 'api', 'openapi', 'codeSamples.json');

/** The Markdown files whose snippets are checked: the README and the guides. */
export function documentationFiles(root = ROOT): string[] {
  const docs = path.join(root, 'docs');
  return [
    path.join(root, 'README.md'),
    ...fs
      .readdirSync(docs)
      .filter((f) => f.endsWith('.md'))
      .map((f) => path.join(docs, f)),
  ];
}

const MARKER = /^<!-- sample: (typescript|python|go) ([A-Z]+ \S+) -->$/;
const FENCE_LANGUAGE: Record<SdkLanguage, string> = { typescript: 'ts', python: 'python', go: 'go' };

/** The file with each sample fence holding its sample; throws on a marker not followed by its fence or naming no sample. */
export function fillSampleFences(text: string, file: string, samples: Record<SdkLanguage, SdkSamples>): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    out.push(lines[i]!);
    const marker = MARKER.exec(lines[i]!);
    if (!marker) continue;
    const language = marker[1] as SdkLanguage;
    const operation = marker[2]!;
    const opener = lines[i + 1];
    if (opener !== '```' + FENCE_LANGUAGE[language]) throw new Error(`${file}:${i + 1}: a sample marker must be followed by a \`\`\`${FENCE_LANGUAGE[language]} fence`);
    const close = lines.findIndex((l, j) => j > i + 1 && l === '```');
    if (close < 0) throw new Error(`${file}:${i + 2}: the fence is never closed`);
    const code = completeSample(samples[language], operation);
    if (code === undefined) throw new Error(`${file}:${i + 1}: the ${language} SDK has no sample for ${operation}`);
    out.push(opener, ...code.split('\n'), '```');
    i = close;
  }
  return out.join('\n');
}

export function allSdkSamples(): Record<SdkLanguage, SdkSamples> {
  return Object.fromEntries(SDK_LANGUAGES.map((l) => [l, readSdkSamples(l)])) as Record<SdkLanguage, SdkSamples>;
}

function outputs(): [string, string][] {
  const samples = allSdkSamples();
  return [
    [CODE_SAMPLES_PATH, `${JSON.stringify(samples, null, 2)}\n`],
    ...documentationFiles().map((file): [string, string] => [file, fillSampleFences(fs.readFileSync(file, 'utf8'), path.relative(ROOT, file), samples)]),
  ];
}

if (require.main === module) {
  const check = process.argv.includes('--check');
  const stale: string[] = [];
  for (const [file, text] of outputs()) {
    const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
    if (current === text) continue;
    if (check) stale.push(path.relative(ROOT, file));
    else fs.writeFileSync(file, text);
  }
  if (stale.length) {
    console.error(`Not what the SDKs' samples give: ${stale.join(', ')}. Run npm run generate:docs.`);
    process.exit(1);
  }
}

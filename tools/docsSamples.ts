// `npm run generate:docs`: copies the SDKs' tested code samples (tools/docs/sdkSamples.ts) into
// api/openapi/codeSamples.json (the API reference at /docs shows them) and into every
// `<!-- sample: <language> <METHOD> <path> -->` fence of README.md and docs/*.md. `--check`
// changes nothing and exits 1 when a file is not what the samples give (a unit test runs it).
import fs from 'node:fs';
import path from 'node:path';
import { markdownFences, markdownIn } from './docs/markdown';
import { completeSample, readSdkSamples, SDK_LANGUAGES, type SdkLanguage, type SdkSamples } from './docs/sdkSamples';

const ROOT = path.resolve(__dirname, '..');
export const CODE_SAMPLES_PATH = path.join(ROOT, 'api', 'openapi', 'codeSamples.json');

/** The Markdown files whose snippets are checked: the README and the guides. */
export function documentationFiles(root = ROOT): string[] {
  return [path.join(root, 'README.md'), ...markdownIn(path.join(root, 'docs'))];
}

const MARKER = /^<!-- sample: (typescript|python|go) ([A-Z]+ \S+) -->$/;
const FENCE_LANGUAGE: Record<SdkLanguage, string> = { typescript: 'ts', python: 'python', go: 'go' };

/** The file with each sample fence holding its sample; throws on a marker not followed by its fence or naming no sample. */
export function fillSampleFences(text: string, file: string, samples: Record<SdkLanguage, SdkSamples>): string {
  const lines = text.split('\n');
  const fences = new Map(markdownFences(text).map((f) => [f.open, f]));
  const markers = lines.flatMap((line, i) => {
    const marker = MARKER.exec(line);
    return marker ? [{ i, language: marker[1] as SdkLanguage, operation: marker[2]! }] : [];
  });
  // From the last marker up, so the line indexes of those above stay true while lines are replaced.
  for (const { i, language, operation } of markers.reverse()) {
    const fence = fences.get(i + 1);
    if (!fence || fence.indent !== '' || lines[i + 1] !== '```' + FENCE_LANGUAGE[language])
      throw new Error(
        `${file}:${i + 1}: a sample marker must be followed by a \`\`\`${FENCE_LANGUAGE[language]} fence`,
      );
    if (fence.close >= lines.length) throw new Error(`${file}:${i + 2}: the fence is never closed`);
    const code = completeSample(samples[language], operation);
    if (code === undefined) throw new Error(`${file}:${i + 1}: the ${language} SDK has no sample for ${operation}`);
    lines.splice(fence.open + 1, fence.close - fence.open - 1, ...code.split('\n'));
  }
  return lines.join('\n');
}

export function allSdkSamples(): Record<SdkLanguage, SdkSamples> {
  return Object.fromEntries(SDK_LANGUAGES.map((l) => [l, readSdkSamples(l)])) as Record<SdkLanguage, SdkSamples>;
}

function outputs(): [string, string][] {
  const samples = allSdkSamples();
  return [
    [CODE_SAMPLES_PATH, `${JSON.stringify(samples, null, 2)}\n`],
    ...documentationFiles().map((file): [string, string] => [
      file,
      fillSampleFences(fs.readFileSync(file, 'utf8'), path.relative(ROOT, file), samples),
    ]),
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

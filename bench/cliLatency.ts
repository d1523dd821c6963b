// Benchmark: how long one postage-admin command takes as an operator runs it (a new process
// each time: node, tsx, the modules, one database round trip). Prints p50/p90 per command.
//
//   node --import tsx bench/cliLatency.ts [--runs 15]
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { startBenchInfra } from './infra';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });
const runs = Number(args.runs);
const BIN = path.resolve(__dirname, '..', 'node_modules', '.bin', 'postage-admin');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const infra = await startBenchInfra((line) => console.log(line));
  // Local DKIM tokens: the benchmark measures the CLI, not an SES endpoint.
  const env = { ...process.env, DATABASE_URL: infra.databaseUrl, SES_DOMAIN_IDENTITIES: 'local' };
  const cli = (words: string[]) => execFileSync(BIN, words, { env, encoding: 'utf8' });
  try {
    cli(['account', 'create', '--email', 'bench@example.com', '--plan', 'growth', '--verified']);
    cli(['domain', 'add', 'bench@example.com', 'bench.example', '--mode', 'shared']);
    const commands = [
      ['--help'],
      ['plan', 'list'],
      ['account', 'show', 'bench@example.com'],
      ['key', 'create', 'bench@example.com', '--name', 'bench'],
    ];
    console.log(`\npostage-admin, ${runs} runs per command, a new process each (ms):`);
    for (const words of commands) {
      const times: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        const started = performance.now();
        cli(words);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(
        `  ${words.join(' ').padEnd(44)} p50 ${percentile(times, 50).toFixed(0).padStart(5)}   p90 ${percentile(times, 90).toFixed(0).padStart(5)}`,
      );
    }
  } finally {
    await infra.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

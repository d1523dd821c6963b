// Benchmark: checking an SNS message's signature with the signing certificate kept as its PEM
// (parsed again by every check, as the verifier did) beside the certificate's public key parsed
// once (core/providerEvents/snsMessages.ts now keeps that). A self-signed RSA 2048 certificate made
// by openssl stands for SNS's; the canonical text is an SES notification's size. Each round times
// both, alternating which goes first; then min / median / max of the per-check times and of the
// ratio (key ÷ PEM).
//
//   node --import tsx bench/snsVerify.ts [--checks 2000] [--rounds 3]
import { execFileSync } from 'node:child_process';
import { createSign, createVerify, X509Certificate, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: { checks: { type: 'string', default: '2000' }, rounds: { type: 'string', default: '3' } },
});
const checks = Number(args.checks);
const rounds = Number(args.rounds);

function selfSignedCertificate(): { pem: string; privateKey: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sns-bench-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=sns.bench.local',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      pem: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
      privateKey: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const { pem, privateKey } = selfSignedCertificate();
const canonical = `Message\n${JSON.stringify({ notificationType: 'Delivery', mail: { destination: ['a@example.org'] }, pad: 'x'.repeat(1500) })}\nMessageId\nm\nTimestamp\n2026-11-29T00:00:00Z\nTopicArn\narn:aws:sns:us-east-1:1:t\nType\nNotification\n`;
const signature = createSign('RSA-SHA256').update(canonical, 'utf8').sign(privateKey, 'base64');
const key: KeyObject = new X509Certificate(pem).publicKey;

function timePerCheck(verifier: string | KeyObject): number {
  const started = process.hrtime.bigint();
  for (let i = 0; i < checks; i++) {
    if (!createVerify('RSA-SHA256').update(canonical, 'utf8').verify(verifier, signature, 'base64'))
      throw new Error('the signature did not verify');
  }
  return Number(process.hrtime.bigint() - started) / 1e6 / checks;
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[0]!.toFixed(3)} / ${s[Math.floor(s.length / 2)]!.toFixed(3)} / ${s[s.length - 1]!.toFixed(3)}`;
};

timePerCheck(pem); // warm-up
const pemTimes: number[] = [];
const keyTimes: number[] = [];
for (let r = 0; r < rounds; r++) {
  const order = r % 2 === 0 ? (['pem', 'key'] as const) : (['key', 'pem'] as const);
  for (const which of order) (which === 'pem' ? pemTimes : keyTimes).push(timePerCheck(which === 'pem' ? pem : key));
  console.log(`[bench] round ${r + 1}: PEM ${pemTimes[r]!.toFixed(3)} ms, key ${keyTimes[r]!.toFixed(3)} ms a check`);
}
console.log(`[bench] ${checks} checks a round, ${rounds} rounds; min / median / max`);
console.log(`[bench] certificate as PEM, parsed each check: ${stats(pemTimes)} ms a check`);
console.log(`[bench] public key parsed once:             ${stats(keyTimes)} ms a check`);
console.log(`[bench] ratio key ÷ PEM:                      ${stats(keyTimes.map((k, i) => k / pemTimes[i]!))}`);

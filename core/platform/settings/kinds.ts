// The kinds of value a setting can hold: how each is parsed from its environment variable and
// what it refuses. A setting names one of these by `type`; there are no others.
import fs from 'node:fs';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { decodeSecretKey } from '../crypto';

export const MODES = ['development', 'test', 'production'] as const;
/** NODE_ENV as the processes understand it: anything but development or test is production. */
export type Mode = (typeof MODES)[number];

/** A value refused while reading the environment; loadConfig reports it as a ConfigError. */
export class SettingRefused extends Error {
  override readonly name = 'SettingRefused';
}

/** The options each kind takes beside `type`. */
export interface KindOptions {
  mode: object;
  /** A whole number; `because` is added to the refusal of one out of range. */
  integer: { min?: number; max?: number; because?: string };
  decimal: { min?: number; max?: number };
  /** A TCP port; 0 asks the system for a free one. */
  port: object;
  text: object;
  /** A domain name, kept in lower case. */
  domain: object;
  /** `host:port`. */
  address: object;
  url: { protocols: readonly string[] };
  enum: { values: readonly string[] };
  /** Comma-separated; unset or empty is an empty list. */
  list: object;
  /** Comma-separated exact IP addresses, or `*` (refused in production). */
  ipList: object;
  /** `true` or `false`; unset is false. */
  flag: object;
  /** Express's `trust proxy`: a hop count, `true`/`false`, or addresses, CIDRs and names (`loopback`); trusting every hop is refused in production. */
  proxyTrust: object;
  /** A PEM given inline (`-----BEGIN ...`, `\n` may be written as two characters) or as a path. */
  pem: object;
  /** A path to a readable file. */
  file: object;
  /** 32 bytes as 64 hex characters or base64. */
  secretKey: object;
  /** A 12-digit AWS account id. */
  awsAccountId: object;
}

export type KindName = keyof KindOptions;

/** What each kind parses to. */
export interface KindValues {
  mode: Mode;
  integer: number;
  decimal: number;
  port: number;
  text: string;
  domain: string;
  address: string;
  url: string;
  enum: string;
  list: string[];
  ipList: string[];
  flag: boolean;
  proxyTrust: boolean | number | string;
  pem: Buffer;
  file: string;
  secretKey: string;
  awsAccountId: string;
}

/** Kinds that always have a value: unset is their empty value (a list's [], a flag's false, production). */
export type AlwaysSetKind = 'mode' | 'list' | 'ipList' | 'flag';

/** What a parser knows of its setting. */
export type ParseInput<K extends KindName> = KindOptions[K] & { env: string; secret?: boolean };

interface KindDefinition<K extends KindName> {
  /** The option names this kind takes (anything else in a declaration is a mistake). */
  options: readonly (keyof KindOptions[K])[];
  parse(raw: string, spec: ParseInput<K>, mode: Mode): KindValues[K];
}

type KindTable = {
  [K in KindName]: KindDefinition<K> & (K extends AlwaysSetKind ? { unset: KindValues[K] } : { unset?: never });
};

/** A refusal that quotes the value unless the setting is secret. */
function refuse(spec: { env: string; secret?: boolean }, problem: string, raw: string): SettingRefused {
  return new SettingRefused(`${spec.env} ${problem}${spec.secret ? '' : `, got ${JSON.stringify(raw)}`}`);
}

function numberIn(raw: string, spec: ParseInput<'integer'> | ParseInput<'decimal'>, whole: boolean): number {
  const n = Number(raw);
  if (!Number.isFinite(n) || raw.trim() === '') throw refuse(spec, 'must be a number', raw);
  if (whole && !Number.isInteger(n)) throw refuse(spec, 'must be a whole number', raw);
  const { min, max } = spec;
  if ((min !== undefined && n < min) || (max !== undefined && n > max)) {
    const range =
      min !== undefined && max !== undefined
        ? `between ${min} and ${max}`
        : min !== undefined
          ? `at least ${min}`
          : `at most ${max}`;
    const because = 'because' in spec && spec.because ? ` (${spec.because})` : '';
    throw refuse(spec, `must be ${range}${because}`, raw);
  }
  return n;
}

function items(raw: string): string[] {
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

const ADDRESS = /^(\[[0-9A-Fa-f:.]+\]|[^\s:[\]]+):(\d{1,5})$/;

// A fixed, public development key: fine for a laptop, refused everywhere else.
export const DEV_SECRET_KEY = '706f73746167652d6465762d6b65792d6e6f742d666f722d70726f64756374'.padEnd(64, '0');
/** AWS's documentation example account: a trust policy naming it can never work. */
export const PLACEHOLDER_AWS_ACCOUNT_ID = '123456789012';
export const SECRET_KEY_HOW_TO =
  'set POSTAGE_SECRET_KEY to 32 random bytes, as 64 hex characters or base64 (openssl rand -hex 32)';

export const KINDS: KindTable = {
  mode: {
    options: [],
    unset: 'production',
    parse: (raw) => (raw === 'development' || raw === 'test' ? raw : 'production'),
  },
  integer: { options: ['min', 'max', 'because'], parse: (raw, spec) => numberIn(raw, spec, true) },
  decimal: { options: ['min', 'max'], parse: (raw, spec) => numberIn(raw, spec, false) },
  port: { options: [], parse: (raw, spec) => numberIn(raw, { ...spec, min: 0, max: 65_535 }, true) },
  text: { options: [], parse: (raw) => raw },
  domain: { options: [], parse: (raw) => raw.toLowerCase() },
  address: {
    options: [],
    parse: (raw, spec) => {
      const match = ADDRESS.exec(raw);
      if (!match || Number(match[2]) > 65_535) throw refuse(spec, 'must be host:port', raw);
      return raw;
    },
  },
  url: {
    options: ['protocols'],
    parse: (raw, spec) => {
      const schemes = spec.protocols.map((p) => `${p}://`).join(' or ');
      let protocol: string;
      try {
        protocol = new URL(raw).protocol.replace(/:$/, '');
      } catch {
        throw refuse(spec, `must be a ${schemes} URL`, raw);
      }
      if (!spec.protocols.includes(protocol)) throw refuse(spec, `must be a ${schemes} URL`, raw);
      return raw;
    },
  },
  enum: {
    options: ['values'],
    parse: (raw, spec) => {
      if (!spec.values.includes(raw)) throw refuse(spec, `must be one of ${spec.values.join(', ')}`, raw);
      return raw;
    },
  },
  list: { options: [], unset: [], parse: items },
  // smtp-server compares peers by exact address: a range or a name would silently never match.
  ipList: {
    options: [],
    unset: [],
    parse: (raw, spec, mode) => {
      const list = items(raw);
      const bad = list.find((p) => p !== '*' && isIP(p) === 0);
      if (bad !== undefined) throw refuse(spec, 'lists IP addresses (no ranges) or *', bad);
      // These lists name the peers trusted to state a client's address (the PROXY protocol): with
      // `*` any client could name its own, and so the address its limits and checks count it under.
      if (mode === 'production' && list.includes('*'))
        throw refuse(
          spec,
          'may not be * in production: any client could name its own address (its limits, the sender checks); list the load balancer addresses',
          raw,
        );
      return list;
    },
  },
  flag: {
    options: [],
    unset: false,
    parse: (raw, spec) => {
      if (raw !== 'true' && raw !== 'false') throw refuse(spec, 'must be true or false', raw);
      return raw === 'true';
    },
  },
  // The proxies trusted to state a client's address in X-Forwarded-For: trusting every hop (`true`,
  // or a range that holds every address) lets any client name its own, and so the address its
  // sign-in and anonymous limits count it under.
  proxyTrust: {
    options: [],
    parse: (raw, spec, mode) => {
      const value = raw === 'true' || raw === 'false' ? raw === 'true' : /^\d+$/.test(raw) ? Number(raw) : raw;
      const everyHop = value === true || (typeof value === 'string' && items(value).some(holdsEveryAddress));
      if (mode === 'production' && everyHop)
        throw refuse(
          spec,
          'may not trust every hop in production: any client could name its own address (the sign-in and anonymous limits); set the number of proxies in front of the API (for example 1) or their addresses (for example 10.0.0.0/8)',
          raw,
        );
      return value;
    },
  },
  // Read at boot, so a wrong path fails at once.
  pem: {
    options: [],
    parse: (raw, spec) => {
      if (raw.trimStart().startsWith('-----BEGIN')) return Buffer.from(raw.replace(/\\n/g, '\n'));
      try {
        return fs.readFileSync(raw);
      } catch (err) {
        throw new SettingRefused(`${spec.env} is neither inline PEM nor a readable file: ${(err as Error).message}`);
      }
    },
  },
  file: {
    options: [],
    parse: (raw, spec) => {
      try {
        fs.accessSync(raw, fs.constants.R_OK);
      } catch (err) {
        throw new SettingRefused(`${spec.env} is not a readable file: ${(err as Error).message}`);
      }
      return raw;
    },
  },
  // Only an explicit development mode runs on the public development key.
  secretKey: {
    options: [],
    parse: (raw, spec, mode) => {
      const bytes = decodeSecretKey(raw);
      if (!bytes) throw new SettingRefused(`${spec.env} is malformed: ${SECRET_KEY_HOW_TO}`);
      if (mode === 'production' && bytes.equals(Buffer.from(DEV_SECRET_KEY, 'hex'))) {
        throw new SettingRefused(
          `${spec.env} is the public development key, which is refused outside development: ${SECRET_KEY_HOW_TO}`,
        );
      }
      return raw;
    },
  },
  awsAccountId: {
    options: [],
    parse: (raw, spec, mode) => {
      if (!/^\d{12}$/.test(raw)) throw refuse(spec, 'must be a 12-digit AWS account id', raw);
      if (mode === 'production' && raw === PLACEHOLDER_AWS_ACCOUNT_ID) {
        throw new SettingRefused(
          `${spec.env} is AWS's documentation example account, which no trust policy can name: set it to the 12-digit AWS account of the STS credentials`,
        );
      }
      return raw;
    },
  },
};

/** A range with a zero prefix, as a length (`0.0.0.0/0`, `::/0`) or a netmask (`0.0.0.0/0.0.0.0`): every address. */
function holdsEveryAddress(range: string): boolean {
  const slash = range.indexOf('/');
  if (slash === -1) return false;
  const mask = range.slice(slash + 1).trim();
  if (/^\d+$/.test(mask)) return Number(mask) === 0;
  return (
    ipaddr.isValid(mask) &&
    ipaddr
      .parse(mask)
      .toByteArray()
      .every((byte) => byte === 0)
  );
}

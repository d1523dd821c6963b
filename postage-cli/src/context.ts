// What every command gets: the output mode, and a client made on first use from the credentials
// (so `postage login` and `--help` work without a key).
import { Postage } from '@postage/sdk';
import { resolveCredentials, type Credentials } from './config.js';
import { CliError, EXIT } from './output.js';

export interface CliContext {
  json: boolean;
  env: NodeJS.ProcessEnv;
  credentials(): Credentials;
  client(): Postage;
}

export function createContext(env: NodeJS.ProcessEnv = process.env): CliContext {
  let client: Postage | undefined;
  const ctx: CliContext = {
    json: false,
    env,
    credentials() {
      const credentials = resolveCredentials(env);
      if (!credentials) throw new CliError('no API key: run `postage login`, or set POSTAGE_API_KEY', EXIT.auth);
      return credentials;
    },
    client() {
      const { apiKey, baseUrl } = ctx.credentials();
      client ??= new Postage({ apiKey, baseUrl });
      return client;
    },
  };
  return ctx;
}

// DNS reads for domain verification through a configurable resolver (DNS_SERVERS), so local
// setups and tests can answer from their own DNS server. "No such record" is an empty answer;
// a resolver that cannot answer is an error, so a timeout never reads as a missing record.
import { Resolver } from 'node:dns/promises';
import { PostageError } from '../platform/errors';

export interface DnsLookup {
  /** TXT records, each record's character strings joined. */
  txt(name: string): Promise<string[]>;
  /** CNAME targets, lower-cased, without a trailing dot. */
  cname(name: string): Promise<string[]>;
  mx(name: string): Promise<{ exchange: string; priority: number }[]>;
}

const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

async function orEmpty<T>(name: string, type: string, query: () => Promise<T[]>): Promise<T[]> {
  try {
    return await query();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    if (NO_RECORD.has(code)) return [];
    throw new PostageError(
      'dns_lookup_failed',
      `could not look up the ${type} records of ${name} (${code || String(err)}); try again later`,
    );
  }
}

const bare = (host: string) => host.toLowerCase().replace(/\.$/, '');

export function createDnsLookup(servers: string[], opts: { timeoutMs?: number; tries?: number } = {}): DnsLookup {
  const resolver = new Resolver({ timeout: opts.timeoutMs ?? 3000, tries: opts.tries ?? 2 });
  if (servers.length > 0) resolver.setServers(servers);
  return {
    txt: (name) => orEmpty(name, 'TXT', async () => (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''))),
    cname: (name) => orEmpty(name, 'CNAME', async () => (await resolver.resolveCname(name)).map(bare)),
    mx: (name) =>
      orEmpty(name, 'MX', async () =>
        (await resolver.resolveMx(name)).map((r) => ({ exchange: bare(r.exchange), priority: r.priority })),
      ),
  };
}

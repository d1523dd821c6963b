// docker-compose.yml publishes only the API on the host's interfaces (and the Temporal UI on
// loopback), and the API replicas behind the `scaled` profile's proxy trust its X-Forwarded-For
// (TRUST_PROXY) while the API that faces clients directly does not. Docker does not run on these
// machines, so the file is read as Compose reads it (YAML with merge keys).
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

const ROOT = path.resolve(__dirname, '..', '..');

interface Service {
  image?: string;
  ports?: (string | number | { target: number; published?: string | number; host_ip?: string })[];
  environment?: Record<string, string | number | boolean | null> | string[];
  profiles?: string[];
}

const compose = YAML.parse(fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const services = compose.services;

/** Each published port as Compose reads it: the host address it binds ('' = every interface) and the host port. */
function published(service: Service): { hostIp: string; hostPort: string }[] {
  return (service.ports ?? []).map((entry) => {
    if (typeof entry === 'object')
      return { hostIp: entry.host_ip ?? '', hostPort: String(entry.published ?? entry.target) };
    // [HOST_IP:][HOST_PORT:]CONTAINER_PORT[/PROTOCOL]; a bare container port gets a random host port on every interface.
    const parts = String(entry)
      .replace(/\/(tcp|udp)$/, '')
      .split(':');
    if (parts.length === 3) return { hostIp: parts[0]!, hostPort: parts[1]! };
    if (parts.length === 2) return { hostIp: '', hostPort: parts[0]! };
    return { hostIp: '', hostPort: '(random)' };
  });
}

function environment(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) return Object.fromEntries(env.map((e) => [e.split('=')[0]!, e.slice(e.indexOf('=') + 1)]));
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v ?? '')]));
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);

test('only the API is published on every interface; the Temporal UI on loopback; the stores, Temporal and the SES emulator not at all', () => {
  const everyInterface = Object.entries(services).flatMap(([name, s]) =>
    published(s)
      .filter((p) => !LOOPBACK.has(p.hostIp))
      .map((p) => `${name}:${p.hostPort}`),
  );
  // The API itself, and the `scaled` profile's proxy in front of the API replicas.
  expect(everyInterface.sort()).toEqual(['api:3000', 'proxy:8080']);
  expect(services.proxy?.image).toMatch(/^nginx/);
  expect(published(services['temporal-ui']!)).toEqual([{ hostIp: '127.0.0.1', hostPort: '8233' }]);
  for (const name of [
    'postgres',
    'temporal-postgres',
    'redis',
    'temporal',
    'ses',
    'worker',
    'worker-scaled',
    'api-scaled',
  ]) {
    expect({ name, ports: published(services[name]!) }).toEqual({ name, ports: [] });
  }
});

test('the API replicas behind the proxy trust one forwarding hop; the API facing clients trusts none', () => {
  // The services nginx forwards to, from the proxy's own configuration.
  const conf = fs.readFileSync(path.join(ROOT, 'deploy', 'nginx-scaled.conf'), 'utf8');
  const upstreams = [...conf.matchAll(/^\s*server\s+([\w-]+):\d+\s*;/gm)].map((m) => m[1]!);
  expect(upstreams).toEqual(['api-scaled']);
  for (const name of upstreams)
    expect({ name, TRUST_PROXY: environment(services[name]!).TRUST_PROXY }).toEqual({ name, TRUST_PROXY: '1' });
  // Directly published: X-Forwarded-For is whatever the client wrote, so it must not be trusted.
  expect(environment(services.api!).TRUST_PROXY).toBeUndefined();
  // Both APIs get every other setting from the shared block.
  expect(environment(services['api-scaled']!)).toMatchObject({
    DATABASE_URL: environment(services.api!).DATABASE_URL,
    NODE_ENV: 'production',
  });
});

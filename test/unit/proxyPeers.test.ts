// The proxies each listener trusts to state a client's address: the PROXY protocol's peers of the
// relay and the MX listener (SMTP_PROXY_PROTOCOL_PEERS, MX_PROXY_PROTOCOL_PEERS) and the API's
// X-Forwarded-For hops (TRUST_PROXY). In production they are listed balancers or a hop count,
// never every peer, or any client could choose the address its limits and sender checks count it
// under (docs/smtp.md and docs/inbound.md, behind a load balancer; docs/deployment.md).
import { loadConfig } from '../../core/platform/config';

// The relay's required files: any readable path does for loading the settings.
const TLS_FILES = { SMTP_TLS_CERT_FILE: __filename, SMTP_TLS_KEY_FILE: __filename };
const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://postage@db.internal/postage',
  POSTAGE_SECRET_KEY: 'ab'.repeat(32),
  ...TLS_FILES,
};
const LISTENERS = [
  {
    process: 'smtp',
    env: 'SMTP_PROXY_PROTOCOL_PEERS',
    peers: (c: ReturnType<typeof loadConfig>) => c.smtp.proxyProtocolPeers,
  },
  {
    process: 'mx',
    env: 'MX_PROXY_PROTOCOL_PEERS',
    peers: (c: ReturnType<typeof loadConfig>) => c.mx.proxyProtocolPeers,
  },
] as const;

test.each(LISTENERS)('production refuses $env=* (alone or in a list), with what to set instead', ({ process, env }) => {
  for (const peers of ['*', '10.0.0.5,*'])
    expect(() => loadConfig(process, { ...PRODUCTION, [env]: peers })).toThrow(
      `${env} may not be * in production: any client could name its own address (its limits, the sender checks); list the load balancer addresses, got ${JSON.stringify(peers)}`,
    );
});

test.each(LISTENERS)(
  '$env: production takes listed balancers, or none; development takes *',
  ({ process, env, peers }) => {
    expect(peers(loadConfig(process, { ...PRODUCTION, [env]: '10.0.0.5,10.0.0.6' }))).toEqual(['10.0.0.5', '10.0.0.6']);
    expect(peers(loadConfig(process, PRODUCTION))).toEqual([]);
    expect(peers(loadConfig(process, { NODE_ENV: 'development', ...TLS_FILES, [env]: '*' }))).toEqual(['*']);
  },
);

const API_PRODUCTION = { ...PRODUCTION, RELAY_AWS_ACCOUNT_ID: '210987654321' };

test.each(['true', '0.0.0.0/0', '10.0.0.0/8, ::/0', '0.0.0.0/0.0.0.0', '10.0.0.0/8, 0.0.0.0/00'])(
  'production refuses TRUST_PROXY=%s (every hop), with what to set instead',
  (value) => {
    expect(() => loadConfig('api', { ...API_PRODUCTION, TRUST_PROXY: value })).toThrow(
      `TRUST_PROXY may not trust every hop in production: any client could name its own address (the sign-in and anonymous limits); set the number of proxies in front of the API (for example 1) or their addresses (for example 10.0.0.0/8), got ${JSON.stringify(value)}`,
    );
  },
);

test.each<[string, Record<string, string>, boolean | number | string]>([
  ['a hop count, in production', { ...API_PRODUCTION, TRUST_PROXY: '1' }, 1],
  ['addresses, in production', { ...API_PRODUCTION, TRUST_PROXY: 'loopback, 10.0.0.0/8' }, 'loopback, 10.0.0.0/8'],
  ['false, in production', { ...API_PRODUCTION, TRUST_PROXY: 'false' }, false],
  ['every hop, in development', { NODE_ENV: 'development', TRUST_PROXY: 'true' }, true],
])('TRUST_PROXY: %s is what Express reads', (_case, env, value) => {
  expect(loadConfig('api', env).auth.trustProxy).toBe(value);
});

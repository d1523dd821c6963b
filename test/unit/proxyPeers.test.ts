// The PROXY protocol's trusted peers (SMTP_PROXY_PROTOCOL_PEERS, MX_PROXY_PROTOCOL_PEERS): in
// production they are listed balancers, never every peer, or any client could open with a PROXY
// header and choose the address its limits and sender checks count it under (docs/smtp.md and
// docs/inbound.md, behind a load balancer).
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

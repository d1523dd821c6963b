// The MX listener's own settings rule (mx/config.ts): in production the PROXY protocol is taken
// only from listed balancers, never from every peer (docs/inbound.md, "Settings of the MX listener").
import { ConfigError } from '../../core/platform/config';
import { loadMxConfig } from '../../mx/config';

const PRODUCTION = { NODE_ENV: 'production', DATABASE_URL: 'postgres://postage@db.internal/postage' };

test('production refuses MX_PROXY_PROTOCOL_PEERS=* (alone or in a list), with what to set instead', () => {
  for (const peers of ['*', '10.0.0.5,*'])
    expect(() => loadMxConfig({ ...PRODUCTION, MX_PROXY_PROTOCOL_PEERS: peers })).toThrow(
      new ConfigError(
        'MX_PROXY_PROTOCOL_PEERS=* is refused in production: any client could name its own address (limits, SPF); list the load balancer addresses',
      ),
    );
});

test('production takes listed balancers, or none; development takes *', () => {
  expect(loadMxConfig({ ...PRODUCTION, MX_PROXY_PROTOCOL_PEERS: '10.0.0.5,10.0.0.6' }).mx.proxyProtocolPeers).toEqual([
    '10.0.0.5',
    '10.0.0.6',
  ]);
  expect(loadMxConfig(PRODUCTION).mx.proxyProtocolPeers).toEqual([]);
  expect(loadMxConfig({ NODE_ENV: 'development', MX_PROXY_PROTOCOL_PEERS: '*' }).mx.proxyProtocolPeers).toEqual(['*']);
});

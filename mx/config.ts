// The MX listener's settings: the table's (core/platform/settings/table.ts), and the one rule of
// its own a single setting's production rule cannot say (docs/inbound.md, "Settings of the MX
// listener").
import { ConfigError, loadConfig, type Config } from '../core/platform/config';
import type { Env } from '../core/platform/settings/load';

/**
 * The mx process's settings. In production MX_PROXY_PROTOCOL_PEERS may name balancers but not `*`:
 * with `*` any client could open with a PROXY header and choose the address its limits and the
 * sender checks (SPF) count it under.
 */
export function loadMxConfig(env?: Env): Config {
  const config = loadConfig('mx', env);
  if (config.env === 'production' && config.mx.proxyProtocolPeers.includes('*'))
    throw new ConfigError(
      'MX_PROXY_PROTOCOL_PEERS=* is refused in production: any client could name its own address (limits, SPF); list the load balancer addresses',
    );
  return config;
}

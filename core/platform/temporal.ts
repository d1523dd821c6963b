// Connections to Temporal for the API, the worker and the CLI: one address and namespace, and the
// same TLS (server CA, mTLS client certificate, server name) and Temporal Cloud API key for all.
import { Client, Connection, type ClientOptions, type ConnectionOptions, type TLSConfig } from '@temporalio/client';
import { OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry/lib/client';
import type { Config } from './config';
import { tracingEnabled } from './tracing';

/** TLS and credentials as both the client (`Connection`) and the worker (`NativeConnection`) take them. */
export function temporalConnectionOptions(config: Pick<Config, 'temporal'>): {
  address: string;
  tls?: TLSConfig;
  apiKey?: string;
} {
  const { tls, apiKey } = config.temporal;
  return {
    address: config.temporal.address,
    ...(tls
      ? {
          tls: {
            ...(tls.serverCa ? { serverRootCACertificate: tls.serverCa } : {}),
            ...(tls.clientCert ? { clientCertPair: tls.clientCert } : {}),
            ...(tls.serverName ? { serverNameOverride: tls.serverName } : {}),
          },
        }
      : {}),
    ...(apiKey ? { apiKey } : {}),
  };
}

/** With traces on, each workflow start and signal is a span whose context travels in the workflow's headers. */
function clientInterceptors(): ClientOptions['interceptors'] {
  return tracingEnabled() ? { workflow: [new OpenTelemetryWorkflowClientInterceptor()] } : {};
}

function connectionOptions(config: Config): ConnectionOptions {
  return { ...temporalConnectionOptions(config), connectTimeout: 5000 };
}

/** Connected now, or throws: for the CLI, which has nothing to do without Temporal. */
export async function connectTemporalClient(config: Config): Promise<Client> {
  const connection = await Connection.connect(connectionOptions(config));
  return new Client({ connection, namespace: config.temporal.namespace, interceptors: clientInterceptors() });
}

/**
 * Connected on first use, and again by gRPC whenever Temporal comes back: the API starts and
 * serves everything that does not need Temporal (/api/me/, SNS confirmations) while it is down,
 * and answers sends with 502 queue_error meanwhile.
 */
export function lazyTemporalClient(config: Config): Client {
  return new Client({
    connection: Connection.lazy(connectionOptions(config)),
    namespace: config.temporal.namespace,
    interceptors: clientInterceptors(),
  });
}

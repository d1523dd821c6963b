// The open connections of an SMTP listener (the MX listener; the relay's two ports together),
// counted per client as clientKey names it: an IPv4 address, or the /64 of an IPv6 one.
import type { SMTPServerSession } from 'smtp-server';
import { clientKey } from '../clientKey';

/** What a listener keeps per connection, beside its own fields. */
export interface CountedConnection {
  client: string;
  /** MAIL FROM accepted and DATA not answered yet: stop() waits for it. */
  inTransaction: boolean;
  /** While a DATA is still arriving: drops what it holds (its connection ended mid-DATA). */
  abandonData?: () => void;
}

export type Admission<C> = { admitted: true; connection: C } | { admitted: false; client: string; open: number };

export interface ConnectionTable<C extends CountedConnection> {
  /** Counts a new connection under its client, unless that client holds `maxPerClient` already. */
  admit(session: SMTPServerSession): Admission<C>;
  /** A connection's state; one already closed (a handler still running) gets a throwaway state, so nothing is kept for it. */
  of(session: SMTPServerSession): C;
  /**
   * For every connection that ends, refused ones included: only an admitted one gives its slot
   * (and what its DATA held) back. Whether it was admitted.
   */
  release(session: SMTPServerSession): boolean;
  /** Whether a transaction is open on any connection. */
  inTransaction(): boolean;
}

export function connectionTable<C extends CountedConnection>(
  maxPerClient: number,
  fresh: (client: string) => C,
): ConnectionTable<C> {
  const connections = new Map<string, C>();
  const perClient = new Map<string, number>();
  return {
    admit(session) {
      const client = clientKey(session.remoteAddress);
      const open = perClient.get(client) ?? 0;
      if (open >= maxPerClient) return { admitted: false, client, open };
      perClient.set(client, open + 1);
      const connection = fresh(client);
      connections.set(session.id, connection);
      return { admitted: true, connection };
    },
    of: (session) => connections.get(session.id) ?? fresh(clientKey(session.remoteAddress)),
    release(session) {
      const connection = connections.get(session.id);
      if (!connection) return false;
      connection.abandonData?.();
      connections.delete(session.id);
      const left = (perClient.get(connection.client) ?? 1) - 1;
      if (left > 0) perClient.set(connection.client, left);
      else perClient.delete(connection.client);
      return true;
    },
    inTransaction: () => [...connections.values()].some((c) => c.inTransaction),
  };
}

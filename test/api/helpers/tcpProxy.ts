// A TCP pass-through in front of a real server, so a test can make that server unreachable for
// a process that is already connected to it (cut), or stalled (connections stay open, nothing
// moves), and bring it back (restore, resume).
import net from 'node:net';

export interface TcpProxy {
  address: string;
  /** Drops every open connection and refuses new ones. */
  cut(): Promise<void>;
  restore(): Promise<void>;
  /** Keeps every connection open and accepts new ones, but forwards nothing until resume(). */
  stall(): void;
  resume(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: string): Promise<TcpProxy> {
  const [host, port] = [target.slice(0, target.lastIndexOf(':')), Number(target.slice(target.lastIndexOf(':') + 1))];
  const sockets = new Set<net.Socket>();
  let stalled = false;
  const waiting: (() => void)[] = [];
  // Copies one direction, holding every chunk while stalled (order is kept: later chunks queue too).
  const forward = (from: net.Socket, to: net.Socket) =>
    from.on('data', (chunk: Buffer) => {
      if (stalled || waiting.length > 0) waiting.push(() => void to.write(chunk));
      else to.write(chunk);
    });
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  let server = net.createServer();
  const listen = (listenPort: number) =>
    new Promise<number>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(port, host);
        track(client);
        track(upstream);
        forward(client, upstream);
        forward(upstream, client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.listen(listenPort, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  const listenPort = await listen(0);
  return {
    address: `127.0.0.1:${listenPort}`,
    cut: stop,
    restore: async () => void (await listen(listenPort)),
    stall: () => void (stalled = true),
    resume: () => {
      stalled = false;
      for (let next = waiting.shift(); next; next = waiting.shift()) next();
    },
    close: stop,
  };
}

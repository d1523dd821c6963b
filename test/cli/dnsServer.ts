// A real DNS server on loopback (dns2, UDP) answering TXT, CNAME and MX queries from a zone the
// test edits; unknown names get NXDOMAIN. Domain verification resolves through it via DNS_SERVERS.
import dns2 from 'dns2';

const { Packet } = dns2;

export interface TestZone {
  /** `host:port` for DNS_SERVERS. */
  server: string;
  txt(name: string, ...values: string[]): void;
  cname(name: string, target: string): void;
  mx(name: string, exchange: string, priority?: number): void;
  remove(name: string): void;
  close(): Promise<void>;
}

type Answer = { type: number; data?: string; domain?: string; exchange?: string; priority?: number };

export async function startTestZone(): Promise<TestZone> {
  const records = new Map<string, Answer[]>();
  const add = (name: string, answer: Answer) =>
    records.set(name.toLowerCase(), [...(records.get(name.toLowerCase()) ?? []), answer]);
  const server = dns2.createServer({
    udp: true,
    handle(request, send) {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const known = question ? records.get(question.name.toLowerCase()) : undefined;
      if (!question || !known)
        response.header.rcode = 3; // NXDOMAIN
      else {
        for (const answer of known.filter((a) => a.type === question.type)) {
          response.answers.push(
            Packet.createResourceFromQuestion(question, { class: Packet.CLASS.IN, ttl: 1, ...answer }),
          );
        }
      }
      void send(response);
    },
  });
  const listening = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = (listening as { udp: { port: number } }).udp.port;
  return {
    server: `127.0.0.1:${port}`,
    txt: (name, ...values) => values.forEach((data) => add(name, { type: Packet.TYPE.TXT, data })),
    cname: (name, target) => add(name, { type: Packet.TYPE.CNAME, domain: target }),
    mx: (name, exchange, priority = 10) => add(name, { type: Packet.TYPE.MX, exchange, priority }),
    remove: (name) => void records.delete(name.toLowerCase()),
    close: async () => {
      await server.close();
    },
  };
}

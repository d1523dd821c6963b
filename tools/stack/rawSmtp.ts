// An SMTP session driven command by command, for the tests and benchmarks that do what a mail
// library does not: hold a DATA open, send it at a chosen pace, or time one reply.
import net from 'node:net';

export interface RawSmtpSession {
  socket: net.Socket;
  /** The server's greeting (its last line). */
  greeting: string;
  /** Sends one command line and resolves to the last line of its reply. */
  command(line: string): Promise<string>;
  /** Writes bytes as they are (the content of a DATA), resolved once the socket has taken them. */
  write(bytes: Buffer): Promise<void>;
  /** Closes the connection at once, whatever the session was doing. */
  destroy(): void;
}

/** Connects and waits for the greeting (a refusal at connect is its greeting: `421 ...`). */
export function openRawSmtp(port: number, host = '127.0.0.1'): Promise<RawSmtpSession> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    const waiting: { resolve(line: string): void; reject(err: Error): void }[] = [];
    let pending = '';
    socket.on('data', (data: Buffer) => {
      pending += data.toString('latin1');
      for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
        const line = pending.slice(0, end).replace(/\r$/, '');
        pending = pending.slice(end + 1);
        // `250-...` continues a reply; `250 ...` ends it.
        if (/^\d{3}(?: |$)/.test(line)) waiting.shift()?.resolve(line);
      }
    });
    const fail = (err: Error) => {
      for (const w of waiting.splice(0)) w.reject(err);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('the connection closed')));
    const reply = () => new Promise<string>((res, rej) => waiting.push({ resolve: res, reject: rej }));
    const session: Omit<RawSmtpSession, 'greeting'> = {
      socket,
      command: (line) => {
        const answer = reply();
        socket.write(`${line}\r\n`);
        return answer;
      },
      write: (bytes) => new Promise((res, rej) => socket.write(bytes, (err) => (err ? rej(err) : res()))),
      destroy: () => socket.destroy(),
    };
    reply().then((greeting) => resolve({ ...session, greeting }), reject);
  });
}

/** A session inside DATA for one recipient: what `write` sends next is the message. Throws with the reply that refused it. */
export async function openData(port: number, from: string, to: string): Promise<RawSmtpSession> {
  const session = await openRawSmtp(port);
  const steps: [string, string][] = [
    ['EHLO client.example.org', '250'],
    [`MAIL FROM:<${from}>`, '250'],
    [`RCPT TO:<${to}>`, '250'],
    ['DATA', '354'],
  ];
  if (!session.greeting.startsWith('220')) {
    session.destroy();
    throw new Error(`refused at connect: ${session.greeting}`);
  }
  for (const [line, expected] of steps) {
    const answer = await session.command(line);
    if (!answer.startsWith(expected)) {
      session.destroy();
      throw new Error(`${line.split(/[ :]/)[0]} refused: ${answer}`);
    }
  }
  return session;
}

/** Milliseconds from connecting to the answer to EHLO: the greeting and one reply of an idle session. */
export async function timeEhlo(port: number): Promise<{ ms: number; answer: string }> {
  const started = performance.now();
  const session = await openRawSmtp(port);
  try {
    const answer = await session.command('EHLO probe.example.org');
    return { ms: performance.now() - started, answer };
  } finally {
    session.destroy();
  }
}

/** `lines` dot-stuffed lines of one dot (`..` CRLF each), the content that costs a server most per byte. */
export const dotStuffedLines = (lines: number): Buffer => Buffer.from('..\r\n'.repeat(lines));

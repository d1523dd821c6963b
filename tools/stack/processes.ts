// Starting and stopping the local infrastructure processes (PostgreSQL, Redis, Temporal, emulators).
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { readEnvFile, toolsDir } from '../../core/platform/devEnvironment';

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  logFile: string;
  stop(): Promise<void>;
}

/** Tool paths written by tools/ensure-tools.sh, overridable by the environment. */
export function toolPath(name: string): string | undefined {
  return process.env[name] || readEnvFile(path.join(toolsDir(), 'paths.env'))[name] || undefined;
}

export function requireToolPath(name: string): string {
  const value = toolPath(name);
  if (!value) throw new Error(`${name} is unknown: run tools/ensure-tools.sh first (npm run dev and npm test do)`);
  return value;
}

/** The first port the kernel hands out by itself (bind to 0, every outgoing connection's own end). */
function ephemeralLow(): number {
  try {
    const low = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (low) return low;
  } catch {
    // not Linux: the IANA range
  }
  return 49152;
}

const handedOut = new Set<number>();

/**
 * A free port for a process we are about to start, taken below the kernel's ephemeral range:
 * a port the kernel chose for us and we let go could be taken again before the child binds it,
 * by another process's bind to 0 or by any outgoing connection's own end (the fault suite's MX
 * listener once died of that). Below the range only another explicit pick can take it, and this
 * process never hands the same port out twice.
 */
export async function freePort(): Promise<number> {
  const high = ephemeralLow() - 1;
  const low = Math.max(1024, high - 12_000);
  for (let tries = 0; tries < 200; tries += 1) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (handedOut.has(port)) continue;
    if (!(await isPortFree(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${low} and ${high}`);
}

export async function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The preferred port when it is free, otherwise any free port. */
export async function portNear(preferred: number): Promise<number> {
  return (await isPortFree(preferred)) ? preferred : freePort();
}

export async function canConnect(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** The last lines of a log, so a failure in CI says why without the file. */
function logTail(file: string, lines = 20): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(the log cannot be read)';
  }
}

export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  proc?: ManagedProcess,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc && proc.child.exitCode !== null) {
      throw new Error(
        `${proc.name} exited with code ${proc.child.exitCode}; see ${proc.logFile}, which ends:\n${logTail(proc.logFile)}`,
      );
    }
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${proc ? `; see ${proc.logFile}` : ''}`);
}

export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: {
    logFile: string;
    env?: NodeJS.ProcessEnv;
    cwd?: string;
    uid?: number;
    gid?: number;
    stopSignal?: NodeJS.Signals;
    /** Own process group, so a terminal's Ctrl-C reaches only the parent, which stops us in order. */
    detached?: boolean;
    /** Also hand each output line to this callback (the log file still gets everything). */
    onLine?: (line: string) => void;
  },
): ManagedProcess {
  fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
  const log = fs.openSync(options.logFile, 'a');
  const spawnOptions: SpawnOptions = {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: options.onLine ? ['ignore', 'pipe', 'pipe'] : ['ignore', log, log],
    detached: options.detached ?? false,
  };
  if (options.uid !== undefined) spawnOptions.uid = options.uid;
  if (options.gid !== undefined) spawnOptions.gid = options.gid;
  const child = spawn(command, args, spawnOptions);
  if (options.onLine) {
    const onLine = options.onLine;
    for (const stream of [child.stdout, child.stderr]) {
      let buffered = '';
      stream?.on('data', (chunk: Buffer) => {
        fs.writeSync(log, chunk);
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) if (line) onLine(line);
      });
    }
    child.once('close', () => fs.closeSync(log));
  } else {
    fs.closeSync(log);
  }
  let exited = false;
  const exitPromise = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  child.once('error', () => undefined); // surfaced through exitCode / waitFor
  return {
    name,
    child,
    logFile: options.logFile,
    async stop() {
      if (exited || child.exitCode !== null) return;
      child.kill(options.stopSignal ?? 'SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exitPromise;
      clearTimeout(timer);
    },
  };
}

/** Stops processes in reverse start order; used by Ctrl-C in dev and by test teardown. */
export async function stopAll(processes: ManagedProcess[]): Promise<void> {
  for (const p of [...processes].reverse()) {
    await p.stop().catch(() => undefined);
  }
}

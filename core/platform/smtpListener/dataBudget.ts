// The DATA an SMTP listener holds, counted as memory against one budget per process
// (MX_MAX_BYTES_IN_FLIGHT, SMTP_MAX_BYTES_IN_FLIGHT). smtp-server hands a message over in one
// piece per escape dot, each a view that keeps its whole read buffer alive: kept as they come, a
// few MB of `..` lines cost hundreds of MB. So the pieces are copied into chunks as they arrive,
// and the budget is charged the chunks' size (what is held), never the bytes received.
import type { SMTPServerDataStream } from 'smtp-server';

/** The first chunk; each next one is as large as all before it together, up to MAX_CHUNK. */
const MIN_CHUNK = 512;
const MAX_CHUNK = 64 * 1024;

export interface MemoryBudget {
  /** Charges `bytes` if they fit under the limit; false (nothing charged) otherwise. */
  take(bytes: number): boolean;
  give(bytes: number): void;
}

export function memoryBudget(limit: number): MemoryBudget {
  let held = 0;
  return {
    take(bytes) {
      if (held + bytes > limit) return false;
      held += bytes;
      return true;
    },
    give(bytes) {
      held -= bytes;
    },
  };
}

/** How a DATA ended: the message in chunks, or why nothing of it is held any more. */
export type GatheredData =
  | { kind: 'complete'; chunks: Buffer[] }
  /** Past the message size (smtp-server's `size`): a transaction's share of the budget. */
  | { kind: 'message_too_big' }
  /** Past the process's budget, all transactions together. */
  | { kind: 'too_much_in_flight' }
  /** Its connection ended mid-DATA: nobody hears the answer. */
  | { kind: 'abandoned' };

export interface DataGathering {
  /** Drops what the DATA holds (its connection is gone); nothing once it has ended. */
  abandon(): void;
  /** Gives what the complete message holds back to the budget, once it is answered. */
  release(): void;
}

/**
 * Keeps a DATA's pieces in chunks charged to `budget`, and calls `ended` once at its end. Past
 * the size or the budget, what was kept is dropped and given back at once, and the rest drained.
 */
export function gatherData(
  stream: SMTPServerDataStream,
  budget: MemoryBudget,
  ended: (data: GatheredData) => void,
): DataGathering {
  let full: Buffer[] = [];
  let current: Buffer | undefined;
  let filled = 0;
  let charged = 0;
  let dropped: 'message_too_big' | 'too_much_in_flight' | 'abandoned' | undefined;
  let done = false;
  const release = () => {
    budget.give(charged);
    charged = 0;
  };
  const drop = (why: NonNullable<typeof dropped>) => {
    dropped ??= why;
    full = [];
    current = undefined;
    release();
  };
  const grow = (): boolean => {
    const size = Math.min(MAX_CHUNK, Math.max(MIN_CHUNK, charged));
    if (!budget.take(size)) return false;
    charged += size;
    if (current) full.push(current);
    // Memory of its own, not a slice of Node's shared pool that would keep the pool alive.
    current = Buffer.allocUnsafeSlow(size);
    filled = 0;
    return true;
  };
  const keep = (piece: Buffer) => {
    for (let offset = 0; offset < piece.length;) {
      if ((!current || filled === current.length) && !grow()) return drop('too_much_in_flight');
      const copied = piece.copy(current!, filled, offset);
      filled += copied;
      offset += copied;
    }
  };
  stream.on('data', (piece: Buffer) => {
    if (dropped) return;
    if (stream.sizeExceeded) return drop('message_too_big');
    keep(piece);
  });
  stream.once('end', () => {
    done = true;
    const refused = stream.sizeExceeded ? 'message_too_big' : dropped;
    if (refused) {
      drop(refused);
      return ended({ kind: refused });
    }
    const chunks = current ? [...full, current.subarray(0, filled)] : full;
    full = [];
    current = undefined;
    ended({ kind: 'complete', chunks });
  });
  return {
    abandon: () => {
      if (!done) drop('abandoned');
    },
    release,
  };
}

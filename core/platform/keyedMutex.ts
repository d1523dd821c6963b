// One async-mutex per key, created on demand and dropped when nobody holds or awaits it.
import { E_TIMEOUT, Mutex, withTimeout, type MutexInterface } from 'async-mutex';

export class LockWaitTimeout extends Error {
  override readonly name = 'LockWaitTimeout';
}

export class KeyedMutex {
  private readonly entries = new Map<string, { mutex: MutexInterface; users: number }>();

  /** `timeoutMs`: how long a caller waits for its turn before LockWaitTimeout. */
  constructor(private readonly timeoutMs: number) {}

  async runExclusive<T>(key: string, fn: () => Promise<T>): Promise<T> {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { mutex: withTimeout(new Mutex(), this.timeoutMs, new LockWaitTimeout(`waited more than ${this.timeoutMs} ms`)), users: 0 };
      this.entries.set(key, entry);
    }
    entry.users += 1;
    try {
      return await entry.mutex.runExclusive(fn);
    } catch (err) {
      throw err === E_TIMEOUT ? new LockWaitTimeout(`waited more than ${this.timeoutMs} ms`) : err;
    } finally {
      entry.users -= 1;
      if (entry.users === 0) this.entries.delete(key);
    }
  }

  /** Keys currently held or awaited. */
  get size(): number {
    return this.entries.size;
  }
}

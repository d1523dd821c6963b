// Who gets the render threads next. Tasks start in the order they came, except that an account
// already running on its share of the threads waits while other accounts' tasks go ahead: one
// account's slow renders delay its own, never another's beyond a thread's current task. An
// account's tasks running or waiting are capped; past the cap a task is refused at once.
export class FairSlots {
  private running = 0;
  private readonly accounts = new Map<string, { running: number; inFlight: number }>();
  private readonly waiting: { accountId: string; start: () => void }[] = [];

  constructor(
    private readonly slots: number,
    /** Slots one account may hold at once. */
    private readonly perAccountRunning: number,
    /** Tasks one account may have running or waiting. */
    private readonly perAccountInFlight: number,
  ) {}

  /**
   * A slot for one task of the account: the promise resolves with its release once the task may
   * start. Undefined at once when `refuseWhenFull` and the account has its cap in flight.
   */
  acquire(accountId: string, refuseWhenFull: boolean): Promise<() => void> | undefined {
    const account = this.accounts.get(accountId) ?? { running: 0, inFlight: 0 };
    if (refuseWhenFull && account.inFlight >= this.perAccountInFlight) return undefined;
    account.inFlight++;
    this.accounts.set(accountId, account);
    return new Promise((resolve) => {
      this.waiting.push({ accountId, start: () => resolve(this.releaser(accountId)) });
      this.pump();
    });
  }

  /** Tasks of the account running or waiting (for tests and metrics). */
  inFlight(accountId: string): number {
    return this.accounts.get(accountId)?.inFlight ?? 0;
  }

  private releaser(accountId: string): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const account = this.accounts.get(accountId)!;
      account.running--;
      account.inFlight--;
      this.running--;
      if (account.inFlight === 0) this.accounts.delete(accountId);
      this.pump();
    };
  }

  private pump(): void {
    for (let i = 0; i < this.waiting.length && this.running < this.slots;) {
      const next = this.waiting[i]!;
      const account = this.accounts.get(next.accountId)!;
      if (account.running >= this.perAccountRunning) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      account.running++;
      this.running++;
      next.start();
    }
  }
}

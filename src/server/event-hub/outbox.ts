/**
 * A connection's queue of messages between the hub (which never waits) and the socket writer (which may):
 * the writer takes one at a time, or a `'keepalive'` tick after `idleMs` with nothing to send. A tab that
 * falls `limit` messages behind is cut off; it reconnects and catches up from the replay buffer.
 */
export class Outbox<T> {
  private readonly items: T[] = [];
  private waiter: ((item: T | 'keepalive' | null) => void) | null = null;
  private done = false;
  overflowed = false;

  constructor(private readonly limit: number) {}

  push(item: T): void {
    if (this.done) return;
    if (this.waiter) {
      const resolve = this.waiter;
      this.waiter = null;
      resolve(item);
      return;
    }
    if (this.items.length >= this.limit) {
      this.overflowed = true;
      this.close();
      return;
    }
    this.items.push(item);
  }

  /** The next item; `'keepalive'` after `idleMs` without one; null once closed and drained. */
  next(idleMs: number): Promise<T | 'keepalive' | null> {
    if (this.items.length > 0) return Promise.resolve(this.items.shift()!);
    if (this.done) return Promise.resolve(null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        resolve('keepalive');
      }, idleMs);
      this.waiter = (item) => {
        clearTimeout(timer);
        resolve(item);
      };
    });
  }

  close(): void {
    if (this.done) return;
    this.done = true;
    this.items.length = 0;
    const resolve = this.waiter;
    this.waiter = null;
    resolve?.(null);
  }
}

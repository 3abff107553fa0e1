/**
 * A test knob: while held, every `POST /register` waits before the simulator handles it, i.e. before its queue
 * exists and its state is read, until released. A client's other calls go on meanwhile, so a test can read a list,
 * change what it shows, and only then let the queue start: the change is in no queue, and the list misses it (the
 * race of a console that shows a page before its event queue is registered). Released, the waiting registrations
 * go on in the order they came.
 */
export class RegisterHold {
  private waiting: (() => void)[] = [];
  private held = false;

  /**
   * Holds the registrations that come from now on (true), or releases the held ones and stops holding (false);
   * returns how many wait now.
   */
  set(hold: boolean): number {
    this.held = hold;
    if (!hold) {
      const waiting = this.waiting;
      this.waiting = [];
      for (const resume of waiting) resume();
    }
    return this.waiting.length;
  }

  /** Resolves when a call to `path` (after `/api/v1`) may be handled: at once, unless it registers while held. */
  async gate(method: string, path: string): Promise<void> {
    if (!this.held || method.toUpperCase() !== 'POST' || path !== '/register') return;
    await new Promise<void>((resume) => this.waiting.push(resume));
  }
}

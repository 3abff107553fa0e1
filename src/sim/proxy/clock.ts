/**
 * The simulator's clock: real time plus an offset tests move forward (to expire keys and sessions) and
 * set back to zero afterwards, so later tests see the present again.
 */
export class SimClock {
  private offsetMs = 0;

  constructor(private readonly realNow: () => number = () => Date.now()) {}

  now(): number {
    return this.realNow() + this.offsetMs;
  }

  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The clock only moves forward by a finite amount.');
    this.offsetMs += ms;
    return this.now();
  }

  set(at: number): number {
    if (!Number.isFinite(at)) throw new RangeError('Invalid time.');
    this.offsetMs = at - this.realNow();
    return this.now();
  }

  reset(): number {
    this.offsetMs = 0;
    return this.now();
  }
}

/**
 * The last `capacity` entries of a gap-free sequence (seq 1, 2, 3 …), so a reconnecting tab can be sent
 * exactly what it missed — or told that it missed too much.
 */
export class ReplayBuffer<T extends { seq: number }> {
  private readonly items: (T | undefined)[];
  private start = 0;
  private size = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
    this.items = new Array<T | undefined>(capacity);
  }

  /** Appends the next entry; its seq must follow the previous one. */
  push(entry: T): void {
    const last = this.lastSeq;
    if (this.size > 0 && entry.seq !== last + 1) throw new RangeError(`seq ${entry.seq} does not follow ${last}`);
    if (this.size < this.capacity) {
      this.items[(this.start + this.size) % this.capacity] = entry;
      this.size++;
    } else {
      this.items[this.start] = entry;
      this.start = (this.start + 1) % this.capacity;
    }
  }

  /** Seq of the newest entry; 0 when empty. */
  get lastSeq(): number {
    return this.size === 0 ? 0 : this.at(this.size - 1).seq;
  }

  get length(): number {
    return this.size;
  }

  /**
   * Entries with seq greater than `after`, oldest first; null when some of them are no longer held (or
   * `after` lies in the future), i.e. the caller cannot be brought up to date by replay.
   */
  since(after: number): T[] | null {
    if (this.size === 0) return after === 0 ? [] : null;
    const oldest = this.at(0).seq;
    const newest = this.lastSeq;
    if (after > newest || after < oldest - 1) return null;
    const out: T[] = [];
    for (let i = after - oldest + 1; i < this.size; i++) out.push(this.at(i));
    return out;
  }

  private at(index: number): T {
    return this.items[(this.start + index) % this.capacity]!;
  }
}

/**
 * Where bulk runs are kept so that they outlive the process running them (a restart, another replica
 * answering): SQL in the running console (`store/sql-bulk-run-store.ts`), memory in unit tests. The run
 * itself is an opaque JSON document here (run-state.ts writes and reads it); `heartbeatAt` is
 * renewed while a process runs it.
 */
export interface StoredBulkRun {
  id: string;
  ownerUserId: number;
  createdAt: number;
  heartbeatAt: number;
  finished: boolean;
  state: Record<string, unknown>;
}

export interface BulkRunStore {
  /** Inserts or replaces the run. */
  save(run: StoredBulkRun): Promise<void>;
  get(id: string): Promise<StoredBulkRun | null>;
  /** The owner's runs, newest first, at most `limit`. */
  list(ownerUserId: number, limit: number): Promise<StoredBulkRun[]>;
  /** Every owner's runs, newest first, at most `limit`. */
  listAll(limit: number): Promise<StoredBulkRun[]>;
  /** Deletes the owner's finished runs beyond the newest `keep` runs. */
  prune(ownerUserId: number, keep: number): Promise<void>;
  /**
   * Renews the heartbeat of runs this process executes, and nothing else: a write small enough to make every
   * second, so another process can tell within seconds that the one running a run is gone.
   */
  heartbeat(ids: readonly string[], at: number): Promise<void>;
}

export class MemoryBulkRunStore implements BulkRunStore {
  private readonly runs = new Map<string, StoredBulkRun>();

  async save(run: StoredBulkRun): Promise<void> {
    this.runs.set(run.id, structuredClone(run));
  }

  async get(id: string): Promise<StoredBulkRun | null> {
    const run = this.runs.get(id);
    return run ? structuredClone(run) : null;
  }

  async list(ownerUserId: number, limit: number): Promise<StoredBulkRun[]> {
    return [...this.runs.values()]
      .filter((r) => r.ownerUserId === ownerUserId)
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, limit)
      .map((r) => structuredClone(r));
  }

  async listAll(limit: number): Promise<StoredBulkRun[]> {
    return [...this.runs.values()]
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, limit)
      .map((r) => structuredClone(r));
  }

  async heartbeat(ids: readonly string[], at: number): Promise<void> {
    for (const id of ids) {
      const run = this.runs.get(id);
      if (run && !run.finished) run.heartbeatAt = at;
    }
  }

  async prune(ownerUserId: number, keep: number): Promise<void> {
    const mine = [...this.runs.values()]
      .filter((r) => r.ownerUserId === ownerUserId)
      .sort((a, b) => b.createdAt - a.createdAt);
    for (const old of mine.slice(keep)) if (old.finished) this.runs.delete(old.id);
  }
}

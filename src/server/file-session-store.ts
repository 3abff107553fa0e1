import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { newSessionId, type Session, type SessionData, type SessionStore } from './session-store';

/**
 * Sessions that survive a BFF restart: kept in memory, written (debounced, atomically) to one file
 * encrypted with AES-256-GCM under a key derived from SESSION_SECRET, since each session holds a user's
 * API key. A single-replica stop-gap; SQL-backed storage shares sessions across replicas.
 */
export class EncryptedFileSessionStore implements SessionStore {
  private readonly sessions = new Map<string, Session>();
  private readonly key: Buffer;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly path: string,
    secret: string,
    private readonly limits: { idleMs: number; maxMs: number },
    private readonly log: (line: string) => void = () => undefined,
  ) {
    this.key = scryptSync(secret, 'realm-console/sessions/v1', 32);
    this.load();
  }

  async create(data: SessionData, now: number): Promise<Session> {
    const session: Session = { ...data, id: newSessionId(), createdAt: now, lastSeenAt: now };
    this.sessions.set(session.id, session);
    this.sweep(now);
    this.schedule();
    return session;
  }

  async touch(id: string, now: number): Promise<Session | null> {
    const session = this.sessions.get(id);
    if (!session) return null;
    if (this.expired(session, now)) {
      this.sessions.delete(id);
      this.schedule();
      return null;
    }
    session.lastSeenAt = now;
    this.schedule();
    return session;
  }

  async peek(id: string, now: number): Promise<Session | null> {
    const session = this.sessions.get(id);
    return session && !this.expired(session, now) ? session : null;
  }

  async update(id: string, patch: Partial<SessionData>): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return;
    Object.assign(session, patch);
    this.schedule();
  }

  async delete(id: string): Promise<void> {
    if (this.sessions.delete(id)) this.schedule();
  }

  /** Writes pending changes now (shutdown). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(JSON.stringify([...this.sessions.values()]), 'utf8'), cipher.final()]);
    const body = JSON.stringify({
      v: 1,
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      data: data.toString('base64'),
    });
    mkdirSync(dirname(this.path), { recursive: true });
    const tmp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(tmp, body, { mode: 0o600 });
    renameSync(tmp, this.path);
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), 250);
    this.timer.unref();
  }

  private load(): void {
    if (!existsSync(this.path)) return;
    try {
      const file = JSON.parse(readFileSync(this.path, 'utf8')) as { iv: string; tag: string; data: string };
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(file.iv, 'base64'));
      decipher.setAuthTag(Buffer.from(file.tag, 'base64'));
      const text = Buffer.concat([decipher.update(Buffer.from(file.data, 'base64')), decipher.final()]).toString(
        'utf8',
      );
      for (const session of JSON.parse(text) as Session[]) this.sessions.set(session.id, session);
    } catch {
      // A changed secret or a damaged file: start empty; users sign in again.
      this.log('stored sessions could not be read (changed SESSION_SECRET?); starting with none');
    }
  }

  private expired(s: Session, now: number): boolean {
    return now - s.lastSeenAt > this.limits.idleMs || now - s.createdAt > this.limits.maxMs;
  }

  private sweep(now: number): void {
    for (const [id, s] of this.sessions) if (this.expired(s, now)) this.sessions.delete(id);
  }
}

/** SESSION_SECRET when configured; otherwise one generated once and kept (0600) in the data directory. */
export function sessionSecret(configured: string | null, dataDir: string): string {
  if (configured) return configured;
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

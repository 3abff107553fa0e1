import { createHash, randomBytes } from 'node:crypto';

/** The scopes the dashboard lets a key hold. */
export const SIM_SCOPES = [
  'routes:read',
  'routes:write',
  'health:read',
  'certs:read',
  'analytics:read',
  'admin',
] as const;
export type SimScope = (typeof SIM_SCOPES)[number];

/** An API key as the dashboard stores it: a hash, never the plaintext. */
export interface SimApiKey {
  id: string;
  name: string;
  scopes: SimScope[];
  hash: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsed: Date | null;
  revokedAt: Date | null;
}

/** The form a key is listed in (`apiKeys.list`): no hash, no plaintext. */
export interface SimApiKeyView {
  id: string;
  name: string;
  scopes: SimScope[];
  lastUsed: Date | null;
  expiresAt: Date | null;
  createdAt: Date;
}

export const KEY_PREFIX = 'pxos_';
const DAY_MS = 86_400_000;

export function hashKey(plaintext: string): string {
  return createHash('sha256').update(plaintext).digest('hex');
}

export function isProxyScope(value: string): value is SimScope {
  return (SIM_SCOPES as readonly string[]).includes(value);
}

/** Keys by hash; a lookup is a hash of what was presented, so the plaintext is never kept or compared. */
export class ApiKeyStore {
  private readonly byId = new Map<string, SimApiKey>();
  private readonly byHash = new Map<string, string>();
  private nextId = 1;

  create(input: { name: string; scopes: SimScope[]; expiresInDays?: number | null }, now: number) {
    const key = KEY_PREFIX + randomBytes(24).toString('base64url');
    const id = `key_${this.nextId++}`;
    const record: SimApiKey = {
      id,
      name: input.name,
      scopes: [...new Set(input.scopes)],
      hash: hashKey(key),
      createdAt: new Date(now),
      expiresAt: input.expiresInDays ? new Date(now + input.expiresInDays * DAY_MS) : null,
      lastUsed: null,
      revokedAt: null,
    };
    this.byId.set(id, record);
    this.byHash.set(record.hash, id);
    // The only moment the plaintext exists outside the caller's hands.
    return { id, key };
  }

  /** The active key a presented plaintext belongs to, or null (unknown, revoked or expired: all the same). */
  authenticate(plaintext: string, now: number): SimApiKey | null {
    const id = this.byHash.get(hashKey(plaintext));
    const record = id ? this.byId.get(id) : undefined;
    if (!record || record.revokedAt || (record.expiresAt && record.expiresAt.getTime() <= now)) return null;
    record.lastUsed = new Date(now);
    return record;
  }

  list(): SimApiKeyView[] {
    return [...this.byId.values()]
      .filter((k) => !k.revokedAt)
      .map(({ id, name, scopes, lastUsed, expiresAt, createdAt }) => ({
        id,
        name,
        scopes: [...scopes],
        lastUsed,
        expiresAt,
        createdAt,
      }));
  }

  get(id: string): SimApiKey | null {
    return this.byId.get(id) ?? null;
  }

  revoke(id: string, now: number): boolean {
    const record = this.byId.get(id);
    if (!record || record.revokedAt) return false;
    record.revokedAt = new Date(now);
    return true;
  }

  setScopes(id: string, scopes: SimScope[]): boolean {
    const record = this.byId.get(id);
    if (!record) return false;
    record.scopes = [...new Set(scopes)];
    return true;
  }

  setExpiry(id: string, expiresAt: Date | null): boolean {
    const record = this.byId.get(id);
    if (!record) return false;
    record.expiresAt = expiresAt;
    return true;
  }
}

/** Exact strings, as the measured dashboard compares them: `admin` does not stand in for any other scope. */
export function keyAllows(key: SimApiKey, scope: Exclude<SimScope, 'admin'>): boolean {
  return key.scopes.includes(scope);
}

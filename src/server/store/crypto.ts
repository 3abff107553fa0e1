import { createCipheriv, createDecipheriv, createHash, randomBytes, scryptSync } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makePrivateDir } from './private-files';

/**
 * How session secrets are kept at rest:
 * - the session id (256 random bits, the cookie value) is stored only as its SHA-256, so a database dump
 *   cannot be replayed as cookies (a random 256-bit id needs no salt or slow hash);
 * - the upstream API key is sealed with AES-256-GCM under a key derived from SESSION_SECRET with scrypt,
 *   a fresh 96-bit IV per write, and the row's id hash as additional data (a sealed key copied into
 *   another row does not open).
 */
const FORMAT = 'v1';

export function hashSessionId(id: string): string {
  return createHash('sha256').update(id, 'utf8').digest('hex');
}

export function deriveSessionKey(secret: string): Buffer {
  return scryptSync(secret, 'realm-console/sessions/v2', 32);
}

export function seal(key: Buffer, plaintext: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plaintext, or null when the value was sealed under another key (changed SESSION_SECRET) or damaged. */
export function open(key: Buffer, sealed: string, aad: string): string | null {
  const [format, iv, tag, data] = sealed.split('.');
  if (format !== FORMAT || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** SESSION_SECRET when configured; otherwise one generated once and kept (0600) in the data directory. */
export function sessionSecret(configured: string | null, dataDir: string): string {
  if (configured) return configured;
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  makePrivateDir(dataDir);
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EncryptedFileSessionStore, sessionSecret } from './file-session-store';

const limits = { idleMs: 60_000, maxMs: 3_600_000 };
const data = { userId: 7, apiEmail: 'a@demo.test', apiKey: 'SECRETKEY123', fullName: 'A', role: 200, avatarUrl: null };

describe('EncryptedFileSessionStore', () => {
  it('keeps sessions across a restart, encrypted at rest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rc-sessions-'));
    const path = join(dir, 'sessions.enc');
    const first = new EncryptedFileSessionStore(path, 'secret-one', limits);
    const session = await first.create(data, 1_000);
    first.flush();
    expect(readFileSync(path, 'utf8')).not.toContain('SECRETKEY123');
    const second = new EncryptedFileSessionStore(path, 'secret-one', limits);
    expect(await second.touch(session.id, 2_000)).toMatchObject({ apiKey: 'SECRETKEY123', userId: 7 });
  });

  it('starts empty when the secret changed, and expires idle sessions', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rc-sessions-'));
    const path = join(dir, 'sessions.enc');
    const first = new EncryptedFileSessionStore(path, 'secret-one', limits);
    const session = await first.create(data, 1_000);
    first.flush();
    expect(await new EncryptedFileSessionStore(path, 'other', limits).touch(session.id, 2_000)).toBeNull();
    expect(await first.touch(session.id, 1_000 + 61_000)).toBeNull();
  });

  it('generates a secret once and keeps it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rc-secret-'));
    const secret = sessionSecret(null, dir);
    expect(secret.length).toBeGreaterThan(30);
    expect(sessionSecret(null, dir)).toBe(secret);
    expect(sessionSecret('configured', dir)).toBe('configured');
  });
});

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** One account of the real server's dev organization, as the kit's `creds.sh --json` lists it. */
export interface RealUser {
  user_id: number;
  role: 'owner' | 'admin' | 'moderator' | 'member' | 'guest' | string;
  role_value: number;
  email: string;
  full_name: string;
  password: string;
  api_key: string;
  is_active: boolean;
}

export interface RealCreds {
  base_url: string;
  users: RealUser[];
}

export type RealServer = { ok: true; kit: string; creds: RealCreds } | { ok: false; reason: string };

/** The kit beside the project (`../shared/real-zulip`), or where REAL_ZULIP_KIT says. */
export function realKitDir(): string {
  return process.env.REAL_ZULIP_KIT ?? resolve(process.cwd(), '..', 'shared', 'real-zulip');
}

function run(script: string, args: string[], timeoutMs: number): string {
  return execFileSync('bash', [script, ...args], {
    encoding: 'utf8',
    timeout: timeoutMs,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function answers(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/api/v1/server_settings`, { signal: AbortSignal.timeout(10_000) });
    const body = (await response.json()) as { zulip_feature_level?: unknown };
    return response.ok && typeof body.zulip_feature_level === 'number';
  } catch {
    return false;
  }
}

/**
 * Finds the real Zulip server of `../shared/real-zulip` for the `real` Playwright project: starts it when it is
 * installed but not running, and reads every role's account. When it cannot be had, says why (the caller prints
 * it loudly and the real-server specs are skipped with it), never silently.
 */
export async function findRealServer(): Promise<RealServer> {
  if (process.env.REAL_ZULIP === 'off') return { ok: false, reason: 'REAL_ZULIP=off was set.' };
  if (process.env.REAL_ZULIP_SKIP_REASON) return { ok: false, reason: process.env.REAL_ZULIP_SKIP_REASON };
  const kit = realKitDir();
  if (!existsSync(resolve(kit, 'creds.sh'))) {
    return { ok: false, reason: `no real-server kit at ${kit} (set REAL_ZULIP_KIT to use another).` };
  }
  const read = (): RealCreds | null => {
    try {
      const creds = JSON.parse(run(resolve(kit, 'creds.sh'), ['--json'], 120_000)) as RealCreds;
      return Array.isArray(creds.users) && creds.users.length > 0 ? creds : null;
    } catch {
      return null;
    }
  };
  let creds = read();
  if (!creds || !(await answers(creds.base_url))) {
    // Installed but stopped (a new session on the same machine): up.sh is idempotent and takes ~15 s.
    try {
      run(resolve(kit, 'up.sh'), [], 180_000);
    } catch (error) {
      const detail = error instanceof Error && 'stderr' in error ? String(error.stderr).trim().split('\n').pop() : '';
      return {
        ok: false,
        reason:
          `the real Zulip server is not installed or does not start (${detail || 'up.sh failed'}); ` +
          `install it with: bash ${kit}/install.sh && bash ${kit}/up.sh`,
      };
    }
    creds = read();
  }
  if (!creds) return { ok: false, reason: `${kit}/creds.sh --json gave no accounts.` };
  if (!(await answers(creds.base_url))) {
    return {
      ok: false,
      reason: `the real Zulip server at ${creds.base_url} does not answer GET /api/v1/server_settings.`,
    };
  }
  return { ok: true, kit, creds };
}

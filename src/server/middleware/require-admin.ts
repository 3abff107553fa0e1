import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, BffDeps } from '../app-types';
import type { Config } from '../config';
import { requireCurrentAdmin } from './require-current-admin';
import { requireSession } from './require-session';

/**
 * The gate of a console-owned admin area: a live session, then the chat server's *current* role (owner or
 * administrator), checked fresh for changes (see require-current-admin.ts). `refusal` is the area's 403.
 * Use as `app.use('*', ...requireAdmin(config, deps, refusal))`.
 */
export function requireAdmin(
  config: Config,
  deps: BffDeps,
  refusal: { code: string; msg: string },
  /** Requests that only stop work the user started (pause, cancel): a recent confirmation does, as for a read. */
  stopsWork?: (c: Context<AppEnv>) => boolean,
): MiddlewareHandler<AppEnv>[] {
  return [requireSession(config, deps), requireCurrentAdmin(config, deps, refusal, stopsWork)];
}

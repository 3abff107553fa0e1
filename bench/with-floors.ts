import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** The users floor pages' build (bench/floor/users.vite.config.ts). */
const USERS_FLOOR_DIST = 'bench/results/floor-users-dist';
export const CONSOLE_WITH_FLOORS = 'bench/results/console-with-floor';
/** The page bench/real.ts measures sign-in against, as served beside the console. */
export const SIGN_IN_FLOOR_PAGE = 'floor-sign-in-users.html';

/**
 * The console's build `dist` with the users floor pages beside it (bench/floor/users.tsx as /floor-users.html,
 * sign-in-users.tsx as /floor-sign-in-users.html), made afresh each time, so that the BFF serves them all from one
 * origin and the floor pages' requests carry the same session. Null, and nothing made, without the floor build.
 */
export function consoleWithFloors(dist: string): string | null {
  if (!existsSync(join(USERS_FLOOR_DIST, 'users.html'))) return null;
  const dir = CONSOLE_WITH_FLOORS;
  rmSync(dir, { recursive: true, force: true });
  cpSync(dist, dir, { recursive: true });
  cpSync(join(USERS_FLOOR_DIST, 'assets'), join(dir, 'assets'), { recursive: true });
  cpSync(join(USERS_FLOOR_DIST, 'users.html'), join(dir, 'floor-users.html'));
  cpSync(join(USERS_FLOOR_DIST, 'sign-in-users.html'), join(dir, SIGN_IN_FLOOR_PAGE));
  return dir;
}

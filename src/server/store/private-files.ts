import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * DATA_DIR holds the session-encryption secret and the embedded database (sealed keys, the audit timeline):
 * nobody but the console's own user may read it. Directories are 0700, files 0600.
 */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/**
 * Applies those modes to everything under `dir` (PGlite creates its files with the process umask, which is
 * often 022 or looser). Symbolic links are left alone, never followed.
 */
export function restrictTree(dir: string): void {
  const stat = lstatSync(dir, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink()) return;
  if (!stat.isDirectory()) {
    if ((stat.mode & 0o777) !== 0o600) chmodSync(dir, 0o600);
    return;
  }
  if ((stat.mode & 0o777) !== 0o700) chmodSync(dir, 0o700);
  for (const name of readdirSync(dir)) restrictTree(join(dir, name));
}

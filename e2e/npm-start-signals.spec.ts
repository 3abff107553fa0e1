import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { expect, test } from '@playwright/test';

/**
 * `npm start` as an operator runs it (npm → `sh -c` → scripts/start.mjs → the BFF), stopped the way a process
 * manager stops it: SIGTERM to npm. Before, the shell died of it and left the BFF serving on its own.
 */
test('SIGTERM to `npm start` stops the BFF too, not only npm', async () => {
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'rc-npm-start-'));
  const npm = spawn('npm', ['start'], {
    env: {
      ...process.env,
      PORT: '0',
      SIM_SVC_PORT: '0',
      SIM_PROXY_PORT: '0',
      SIM_USERS: '5',
      DATA_DIR: dataDir,
      LOG_REQUESTS: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const ready = await new Promise<{ consoleUrl: string }>((resolve, reject) => {
      npm.once('exit', (code) => reject(new Error(`npm start exited (${code}) before it was ready`)));
      createInterface({ input: npm.stdout! }).on('line', (line) => {
        if (line.startsWith('REALM_CONSOLE_READY ')) resolve(JSON.parse(line.slice('REALM_CONSOLE_READY '.length)));
      });
    });
    const health = `${ready.consoleUrl}/bff/health`;
    expect((await fetch(health)).status).toBe(200);
    const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
    npm.kill('SIGTERM');
    await exited;
    // Nothing answers on the console's port any more.
    await expect
      .poll(
        async () =>
          fetch(health).then(
            () => 'still serving',
            () => 'stopped',
          ),
        { timeout: 15_000 },
      )
      .toBe('stopped');
  } finally {
    if (npm.exitCode === null) npm.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});

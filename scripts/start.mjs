// `npm start`: build the SPA when the build is missing or older than its sources, then run the BFF
// (which starts the embedded simulators when SVC_URL is not set).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const built = 'dist/index.html';

function newestMtime(path) {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const sources = ['src', 'public', 'index.html', 'sign-in.html', 'vite.config.ts', 'package.json'].filter((p) =>
  existsSync(p),
);
const stale = !existsSync(built) || sources.some((p) => newestMtime(p) > statSync(built).mtimeMs);
if (stale) {
  console.log('Building the console…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit' });
// The BFF shuts down cleanly on these; a stop signal for `npm start` is one for the BFF. (`npm start` runs this
// through `sh -c`, which would die of the signal npm forwards without passing it on: the script says `exec`.)
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
// Whatever ends this process's parent without a signal for it (a shell killed with SIGKILL, say) must not leave
// the BFF running on its own.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) child.kill('SIGTERM');
}, 1_000).unref();
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 0)));

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
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));

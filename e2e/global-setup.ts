import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * Starts the full stack (BFF serving the production build + embedded chat simulator) on free ports and
 * hands its URL to the specs through the environment.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      SIM_SVC_PORT: '0',
      SIM_USERS: process.env.SIM_USERS ?? '300',
      LOG_REQUESTS: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
  const ready = await new Promise<{ consoleUrl: string; svcUrl: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The stack did not start:\n${output.join('')}`)), 30_000);
    createInterface({ input: child.stdout }).on('line', (line) => {
      output.push(line + '\n');
      if (line.startsWith('REALM_CONSOLE_READY ')) {
        clearTimeout(timer);
        resolve(JSON.parse(line.slice('REALM_CONSOLE_READY '.length)) as { consoleUrl: string; svcUrl: string });
      }
    });
    child.once('exit', (code) => reject(new Error(`The stack exited (${code}):\n${output.join('')}`)));
  });
  process.env.E2E_BASE_URL = ready.consoleUrl;
  process.env.E2E_SVC_URL = ready.svcUrl;
  return async () => {
    child.kill('SIGTERM');
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** Starts a process and resolves with the JSON of its first line that starts with `marker`. */
export function startProcess<T>(
  args: string[],
  env: Record<string, string>,
  marker: string,
  options: { detached?: boolean } = {},
): Promise<{ child: ChildProcess; ready: T }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  const output: string[] = [];
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args[0]} did not start:\n${output.join('')}`)), 30_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output.push(line + '\n');
      if (line.startsWith(marker + ' ')) {
        clearTimeout(timer);
        resolve({ child, ready: JSON.parse(line.slice(marker.length + 1)) as T });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args[0]} exited (${code}):\n${output.join('')}`));
    });
  });
}

export interface BffEnv {
  svcUrl: string;
  port: string;
  dataDir: string;
}

export async function startBff(env: BffEnv, options: { detached?: boolean } = {}) {
  return startProcess<{ consoleUrl: string }>(
    ['src/server/main.ts'],
    {
      PORT: env.port,
      SVC_URL: env.svcUrl,
      DATA_DIR: env.dataDir,
      LOG_REQUESTS: 'false',
      EVENTS_IDLE_MINUTES: '3',
      SERVER_INFO_TTL_SECONDS: '1',
    },
    'REALM_CONSOLE_READY',
    options,
  );
}

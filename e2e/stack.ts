import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** Starts a process and resolves with the JSON of its first line that starts with `marker`. */
export function startProcess<T>(
  args: string[],
  env: Record<string, string>,
  marker: string,
  options: { detached?: boolean; logFile?: string } = {},
): Promise<{ child: ChildProcess; ready: T }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  const output: string[] = [];
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  // Everything the process prints, kept for specs that read its log (e.g. the credential-leak check).
  if (options.logFile) {
    const logFile = options.logFile;
    const append = (d: Buffer) => {
      try {
        appendFileSync(logFile, d);
      } catch {
        // Teardown removed the directory while the process was still printing its last lines.
      }
    };
    for (const stream of [child.stdout!, child.stderr!]) stream.on('data', append);
  }
  return new Promise((resolve, reject) => {
    // A net for a process that hangs, not a measure: a busy machine (CI with both cores taken, tsx compiling the
    // server from source) has taken over 30 s to print the ready line.
    const timer = setTimeout(() => reject(new Error(`${args[0]} did not start:\n${output.join('')}`)), 180_000);
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
  /** The proxy dashboard and the key the BFF holds; by default the ones global setup started. */
  proxyUrl?: string;
  proxyApiKey?: string;
  /** More variables, e.g. DATABASE_URL and SESSION_SECRET for replicas sharing one PostgreSQL. */
  extraEnv?: Record<string, string>;
}

export async function startBff(env: BffEnv, options: { detached?: boolean; logFile?: string } = {}) {
  return startProcess<{ consoleUrl: string }>(
    ['src/server/main.ts'],
    {
      PORT: env.port,
      SVC_URL: env.svcUrl,
      DATA_DIR: env.dataDir,
      LOG_REQUESTS: 'false',
      // The suite signs the same demo accounts in hundreds of times; the per-user cap (and its notice, mid-journey
      // in another spec) is tested on its own (per-user-limits.test.ts), not by accident.
      SESSION_MAX_PER_USER: '1000',
      EVENTS_IDLE_MINUTES: '3',
      SERVER_INFO_TTL_SECONDS: '1',
      PROXY_URL: env.proxyUrl ?? process.env.E2E_PROXY_URL ?? '',
      PROXY_API_KEY: env.proxyApiKey ?? process.env.E2E_PROXY_API_KEY ?? '',
      ...env.extraEnv,
    },
    'REALM_CONSOLE_READY',
    options,
  );
}

/**
 * Restarts the shared BFF on the same port and data directory, as a deploy would: the old process is stopped
 * and gone (it closes its embedded database) before the new one starts. The new one's output goes to a file,
 * not a pipe, so it outlives this test worker; its pid replaces the old one in E2E_BFF_PID_FILE.
 */
export async function restartBff(consoleUrl: string): Promise<void> {
  stopBff();
  await relaunchBff(consoleUrl);
}

/** Stops the shared BFF (as a crash or deploy would); `relaunchBff` brings it back. */
export function stopBff(): void {
  const pidFile = process.env.E2E_BFF_PID_FILE!;
  try {
    process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGTERM');
  } catch {
    // Already gone.
  }
}

/** Starts the shared BFF again on the same port, data directory and upstreams, once the old one is gone. */
export async function relaunchBff(consoleUrl: string): Promise<void> {
  const pidFile = process.env.E2E_BFF_PID_FILE!;
  const oldPid = Number(readFileSync(pidFile, 'utf8'));
  for (let i = 0; i < 150; i++) {
    try {
      process.kill(oldPid, 0);
    } catch {
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const log = openSync(`${pidFile}.log`, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: new URL(consoleUrl).port,
      SVC_URL: process.env.E2E_SVC_URL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_REQUESTS: 'false',
      // The suite signs the same demo accounts in hundreds of times; the per-user cap (and its notice, mid-journey
      // in another spec) is tested on its own (per-user-limits.test.ts), not by accident.
      SESSION_MAX_PER_USER: '1000',
      EVENTS_IDLE_MINUTES: '3',
      SERVER_INFO_TTL_SECONDS: '1',
      PROXY_URL: process.env.E2E_PROXY_URL ?? '',
      PROXY_API_KEY: process.env.E2E_PROXY_API_KEY ?? '',
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
  child.unref();
  writeFileSync(pidFile, String(child.pid));
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${consoleUrl}/bff/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the restarted BFF did not answer within 30 s (see ${pidFile}.log)`);
}

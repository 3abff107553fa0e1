import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface Stack {
  consoleUrl: string;
  svcUrl: string;
  pid: number;
  /** Stops the processes and resolves once they have exited (their last log lines need our pipe open). */
  stop(): Promise<void>;
}

/** SIGTERM, then the exit: a caller that exits first closes the pipe the child is still writing its log to. */
function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * Starts the BFF (production build) with the embedded simulator on free ports, with its own data
 * directory so it never shares stored sessions with a console already running here.
 */
export async function startStack(env: Record<string, string>): Promise<Stack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rc-stack-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      SIM_SVC_PORT: '0',
      SIM_PROXY_PORT: '0',
      LOG_REQUESTS: 'false',
      // The bench signs in hundreds of times as the same accounts: no per-user cap notice in its measurements.
      SESSION_MAX_PER_USER: '1000',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = await new Promise<{ consoleUrl: string; svcUrl: string }>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('REALM_CONSOLE_READY '))
        resolve(JSON.parse(line.slice(20)) as { consoleUrl: string; svcUrl: string });
    });
    child.once('exit', (code) => reject(new Error(`stack exited with ${code}`)));
  });
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  return { ...ready, pid: child.pid!, stop: () => terminate(child) };
}

/**
 * The BFF with the simulator in a separate process (SVC_URL), for the latency and throughput figures, so
 * that "direct" and "through the BFF" are served by the same simulator process. No demo mode: no proxy area.
 */
export async function startSeparateStack(env: Record<string, string>): Promise<Stack> {
  const sim = spawn(process.execPath, ['--import', 'tsx', 'bench/sim-server.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const svcUrl = await new Promise<string>((resolve, reject) => {
    createInterface({ input: sim.stdout! }).on('line', (line) => {
      if (line.startsWith('SIM_READY ')) resolve(line.slice(10).trim());
    });
    sim.once('exit', (code) => reject(new Error(`simulator exited with ${code}`)));
  });
  try {
    const bff = await startStack({ ...env, SVC_URL: svcUrl });
    return {
      ...bff,
      svcUrl,
      stop: async () => {
        await bff.stop();
        await terminate(sim);
      },
    };
  } catch (error) {
    sim.kill('SIGTERM');
    throw error;
  }
}

/** The bare proxy (bare-proxy.ts) in front of the simulator at `svcUrl`, adding `auth` to every call. */
export async function startBareProxy(svcUrl: string, auth: string): Promise<{ url: string; stop(): Promise<void> }> {
  const proxy = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-proxy.ts'], {
    env: { ...process.env, SVC_URL: svcUrl, BARE_AUTH: auth },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: proxy.stdout! }).on('line', (line) => {
      if (line.startsWith('PROXY_READY ')) resolve(line.slice(12).trim());
    });
    proxy.once('exit', (code) => reject(new Error(`bare proxy exited with ${code}`)));
  });
  return { url, stop: () => terminate(proxy) };
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

/** The demo admin's Basic credentials for calls straight to the simulator (the "direct" side of a figure). */
export async function adminAuth(svcUrl: string, password = 'demo1234'): Promise<string> {
  const key = (await (
    await fetch(`${svcUrl}/api/v1/fetch_api_key`, {
      method: 'POST',
      body: new URLSearchParams({ username: 'admin@demo.test', password }),
    })
  ).json()) as { api_key: string };
  return 'Basic ' + Buffer.from(`admin@demo.test:${key.api_key}`).toString('base64');
}

/** Reads an event stream until it ends or is aborted (how every bench stream ends), each chunk as text. */
export async function readEventStream(body: ReadableStream<Uint8Array>, onText: (text: string) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      onText(decoder.decode(value));
    }
  } catch {
    // Aborted at the end.
  }
}

/**
 * CPU time (user + system) of the processes a figure involves, read from /proc, for reporting how busy the
 * machine was during a measurement: on a small machine the browser and the servers compete for the same cores,
 * so a wall time alone does not say whether a figure is waiting for work or for a core.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** Clock ticks per second for /proc/<pid>/stat times (USER_HZ; 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface ProcessInfo {
  pid: number;
  ppid: number;
  /** The Chromium process type (`renderer`, `gpu-process`, `utility`…), `browser` for Chromium's main one, else the command. */
  role: string;
  cpuMs: number;
}

function readProcess(pid: number): ProcessInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) in parentheses: state, ppid, …, utime (14th), stime (15th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Chromium's zygote-started children rewrite their command line as one space-separated string.
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    const type = /--type=(\S+)/.exec(cmdline)?.[1];
    const command = cmdline.split(' ')[0]?.split('/').pop() ?? '';
    return {
      pid,
      ppid: Number(fields[1]),
      role: type ?? (command.includes('chrom') ? 'browser' : command),
      cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND,
    };
  } catch {
    return null; // exited while we read
  }
}

/**
 * CPU milliseconds so far of `root` and every process below it, by role. A process in `names` (pid → name) is
 * counted under that name with everything below it (a server and the workers it starts).
 */
export function cpuByRole(root: number, names: ReadonlyMap<number, string> = new Map()): Map<string, number> {
  // Without /proc (not Linux) there is nothing to read: the figure is left out rather than the run stopped.
  if (!existsSync('/proc/self/stat')) return new Map();
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProcess(Number(name)))
    .filter((p): p is ProcessInfo => p !== null);
  const children = new Map<number, ProcessInfo[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const out = new Map<string, number>();
  const rootInfo = all.find((p) => p.pid === root);
  const stack: { p: ProcessInfo; inherited: string | null }[] = rootInfo ? [{ p: rootInfo, inherited: null }] : [];
  while (stack.length) {
    const { p, inherited } = stack.pop()!;
    const name = names.get(p.pid) ?? inherited;
    const role = name ?? p.role;
    out.set(role, (out.get(role) ?? 0) + p.cpuMs);
    // The root's own name is not inherited: below it, each process is counted by its own role or name.
    for (const child of children.get(p.pid) ?? []) stack.push({ p: child, inherited: p === rootInfo ? null : name });
  }
  return out;
}

/** `after − before`, role by role. */
export function cpuSpent(before: Map<string, number>, after: Map<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [role, ms] of after) out.set(role, ms - (before.get(role) ?? 0));
  return out;
}

export const CORES = cpus().length;

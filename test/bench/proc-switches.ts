/** Context switches of a process's threads, read from /proc (Linux): where a call's wakeups land. */
import { readdirSync, readFileSync } from 'node:fs';

/** Voluntary and involuntary context switches so far, by thread: `main`, else its name (`libuv-worker`, `V8Worker`, …) summed. */
export type Switches = Map<string, { voluntary: number; involuntary: number }>;

function readOr(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return ''; // the thread or process exited meanwhile
  }
}

/** The process's switches so far, by thread name; empty where /proc is not there. */
export function switchesOf(pid: number): Switches {
  const out: Switches = new Map();
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tasks) {
    const status = readOr(`/proc/${pid}/task/${tid}/status`);
    // node 20 names its threads after the program (`node`); the main thread's id is the process's.
    const name = tid === String(pid) ? 'main' : `${/^Name:\s+(.*)$/m.exec(status)?.[1] ?? '?'}-threads`;
    const voluntary = Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    const involuntary = Number(/^nonvoluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    const sum = out.get(name) ?? { voluntary: 0, involuntary: 0 };
    out.set(name, { voluntary: sum.voluntary + voluntary, involuntary: sum.involuntary + involuntary });
  }
  return out;
}

/** What each thread name switched between two readings, per call. */
export function switchesPerCall(before: Switches, after: Switches, calls: number): Switches {
  const out: Switches = new Map();
  for (const [name, a] of after) {
    const b = before.get(name) ?? { voluntary: 0, involuntary: 0 };
    out.set(name, { voluntary: (a.voluntary - b.voluntary) / calls, involuntary: (a.involuntary - b.involuntary) / calls });
  }
  return out;
}

/** All of a process's switches per call, voluntary plus involuntary. */
export function totalOf(switches: Switches): number {
  let total = 0;
  for (const { voluntary, involuntary } of switches.values()) total += voluntary + involuntary;
  return total;
}

/** `node 2.01/0.10 libuv-worker 0.05/0.00`: voluntary/involuntary per call by thread name, the idle ones left out. */
export function describeSwitches(switches: Switches): string {
  return [...switches]
    .filter(([, s]) => s.voluntary + s.involuntary >= 0.005)
    .map(([name, s]) => `${name} ${s.voluntary.toFixed(2)}/${s.involuntary.toFixed(2)}`)
    .join(' ');
}

/** Context switches so far of every thread of these processes. */
export function totalSwitches(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + totalOf(switchesOf(pid)), 0);
}

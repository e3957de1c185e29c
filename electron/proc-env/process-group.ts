import { execFile, type ChildProcess } from 'node:child_process';

/** How taskkill is run: node's execFile, or a fake in tests. */
export type ExecFileLike = (file: string, args: readonly string[], options: { windowsHide: boolean }, done: (error: Error | null) => void) => unknown;

/** Windows: taskkill by full path (the app's SystemRoot, not a server's PATH), no shell. */
export interface TreeKill {
  execFile?: ExecFileLike | undefined;
  /** The app's own environment; default process.env. */
  env?: NodeJS.ProcessEnv | undefined;
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/**
 * Windows has no process groups: `taskkill /T` ends the child and every process it started (a .cmd
 * server is cmd.exe with node under it), `/F` forcefully, for SIGKILL. Without SystemRoot, the child only.
 */
function killTree(child: ChildProcess, pid: number, signal: NodeJS.Signals, kill: TreeKill): void {
  const root = (kill.env ?? process.env).SystemRoot;
  if (root === undefined || root === '') {
    child.kill(signal);
    return;
  }
  const args = ['/pid', String(pid), '/T', ...(signal === 'SIGKILL' ? ['/F'] : [])];
  const run = kill.execFile ?? execFile;
  // A failure (the tree already gone, a console program that takes /F only) is what the grace and /F are for.
  run(`${root}\\System32\\taskkill.exe`, args, { windowsHide: true }, () => undefined);
}

/**
 * Signals the child's process group (POSIX: the child was spawned `detached`, so it leads its own
 * group and `kill(-pid)` reaches everything it started). On Windows, with `tree`, its process tree
 * (taskkill /T), daemons too; without, the child alone.
 */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals, platform: NodeJS.Platform, tree?: TreeKill): void {
  if (child.pid === undefined) return;
  if (platform === 'win32') {
    // Once the child is gone its pid may be another's: the tree is not looked for.
    if (exited(child)) return;
    if (tree === undefined) child.kill(signal);
    else killTree(child, child.pid, signal, tree);
    return;
  }
  try {
    process.kill(-child.pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') child.kill(signal);
  }
}

/** Whether anything of the group is left (the leader may be gone while its children live on). */
export function groupAlive(child: ChildProcess, platform: NodeJS.Platform): boolean {
  if (child.pid === undefined) return false;
  if (platform === 'win32') return !exited(child);
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

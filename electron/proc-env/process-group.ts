import type { ChildProcess } from 'node:child_process';

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/**
 * Signals the child's process group (POSIX: the child was spawned `detached`, so it leads its own
 * group and `kill(-pid)` reaches everything it started). On Windows only the child itself.
 */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals, platform: NodeJS.Platform): void {
  if (child.pid === undefined) return;
  if (platform === 'win32') {
    if (!exited(child)) child.kill(signal);
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

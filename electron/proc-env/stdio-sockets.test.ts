import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stdioSockets, stdioSocketsLater } from './stdio-sockets';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A stand-in /proc where this process holds socket:[9] and the child 100 has sockets on stdin and stdout, a pipe on stderr. */
function fakeProc(): { proc: string; reap: () => void } {
  const proc = mkdtempSync(join(tmpdir(), 'fake-proc-'));
  dirs.push(proc);
  const fds = (pid: number | 'self', links: Record<number, string>): void => {
    mkdirSync(join(proc, String(pid), 'fd'), { recursive: true });
    for (const [fd, target] of Object.entries(links)) symlinkSync(target, join(proc, String(pid), 'fd', fd));
  };
  fds('self', { 0: 'socket:[9]' });
  fds(100, { 0: 'socket:[9]', 1: 'socket:[2]', 2: 'pipe:[3]' });
  return { proc, reap: () => rmSync(join(proc, '100'), { recursive: true }) };
}

describe('stdioSockets: a child’s stdio sockets, read in the spawn’s turn or later', () => {
  it('for a child just spawned, reads its links in the calling turn: a child reaped at the next turn still leaves them', async () => {
    const { proc, reap } = fakeProc();
    const sockets = stdioSockets(100, proc);
    reap();
    expect([...(await sockets)]).toEqual(['socket:[2]']);
  });

  it('for a process long running (a resumed run), reads nothing in the calling turn, and the same sockets once read', async () => {
    const { proc, reap } = fakeProc();
    expect([...(await stdioSocketsLater(100, proc))]).toEqual(['socket:[2]']);
    const later = stdioSocketsLater(100, proc);
    // Gone before any read: proof that the call itself read nothing synchronously.
    reap();
    expect([...(await later)]).toEqual([]);
  });

  it('takes nothing without /proc to compare with', async () => {
    const { proc } = fakeProc();
    rmSync(join(proc, 'self'), { recursive: true });
    expect([...(await stdioSockets(100, proc))]).toEqual([]);
    expect([...(await stdioSocketsLater(100, proc))]).toEqual([]);
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { leavingPools } from '../support/leaving-pools';
import { isAlive, waitFor } from '../support/server-harness';

const strangers: ChildProcess[] = [];
const { poolWith, run } = leavingPools('pool-left-', 500);

afterEach(() => {
  for (const child of strangers.splice(0)) child.kill('SIGKILL');
});


/** A `sleep 600` of the test's own, in a session of its own: the same program, not the server's. */
function stranger(): number {
  const child = spawn('env', ['-i', 'setsid', 'sleep', '600'], { stdio: 'ignore' });
  strangers.push(child);
  return child.pid ?? -1;
}

const ESCAPE = ['env', '-i', 'setsid', 'sleep', '600'];

describe.skipIf(process.platform !== 'linux')('pool: what a stopped server leaves (Linux)', () => {
  it('kills a grandchild that left the session and cleared its environment, by the parent link seen while the server ran', async () => {
    const { pool } = await poolWith();
    const other = stranger();
    const [escaped = -1] = await run(pool, ESCAPE, 'ignore');
    expect(isAlive(escaped)).toBe(true);
    expect((await pool.stop('s')).state).toBe('stopped');
    await waitFor('the escaped sleep to die', () => !isAlive(escaped), 5000);
    expect(isAlive(other)).toBe(true);
  });

  it('kills one the server left holding its output when it exited on its own (its stdio socket)', async () => {
    const { pool } = await poolWith();
    const other = stranger();
    const [escaped = -1] = await run(pool, ESCAPE, 'inherit', { exit: true });
    await waitFor('the escaped sleep to die', () => !isAlive(escaped), 5000);
    expect(isAlive(other)).toBe(true);
  });

  it('kills one whose parent exited long before the server (the link recorded by the periodic look)', async () => {
    const { pool } = await poolWith();
    const other = stranger();
    // sh starts the escaped sleep, prints its pid and its own, lives a second more (past a look), then exits.
    const [escaped = -1, sh = -1] = await run(pool, ['sh', '-c', 'env -i setsid sleep 600 </dev/null >/dev/null 2>&1 & echo $! $$; sleep 1'], 'ignore', { waitLine: true });
    await waitFor('sh to exit, so the sleep has lost its parent', () => !isAlive(sh) && parentOf(escaped) !== sh, 5000);
    expect(isAlive(escaped)).toBe(true);
    expect((await pool.stop('s')).state).toBe('stopped');
    await waitFor('the orphaned sleep to die', () => !isAlive(escaped), 5000);
    expect(isAlive(other)).toBe(true);
  });
});

function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

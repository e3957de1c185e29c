import { describe, expect, it } from 'vitest';
import { leavingPools } from '../support/leaving-pools';
import { isAlive, textOf, waitFor } from '../support/server-harness';

const GRACE_MS = 500;
/** A stop ends within its grace and the kill after it; the rest is room for a loaded machine (the children sleep 600 s). */
const STOP_BOUND_MS = GRACE_MS * 3 + 8000;
const { poolWith, run, left } = leavingPools('pool-hostile-', GRACE_MS);

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const began = Date.now();
  const value = await work;
  return { value, ms: Date.now() - began };
}

describe.skipIf(process.platform !== 'linux')('pool: hostile servers are stopped and cleaned (Linux)', () => {
  it('a server that forked a hundred children, half of them in sessions of their own', async () => {
    const { pool } = await poolWith();
    const script = 'for i in $(seq 50); do sleep 600 & echo -n "$! "; env -i setsid sleep 600 </dev/null >/dev/null 2>&1 & echo -n "$! "; done; echo; wait';
    const pids = await run(pool, ['bash', '-c', script], 'ignore', { waitLine: true });
    expect(pids).toHaveLength(100);
    expect(pids.every(isAlive)).toBe(true);
    const { value, ms } = await timed(pool.stop('s'));
    expect(value.state).toBe('stopped');
    expect(ms).toBeLessThan(STOP_BOUND_MS);
    await waitFor('all hundred to die', () => pids.every((pid) => !isAlive(pid)), 10_000);
  });

  it('a server that ignores SIGTERM, with a child of its own session that ignores it too', async () => {
    const { pool, lines } = await poolWith({ IGNORE_SIGTERM: '1' });
    const server = Number(textOf(await pool.callTool('s', 'pid', {})));
    const [stubborn = -1] = await run(pool, ['env', '-i', 'setsid', 'sh', '-c', "trap '' TERM; exec sleep 600"], 'ignore');
    expect(isAlive(stubborn)).toBe(true);
    const { ms } = await timed(pool.stop('s'));
    expect(ms).toBeLessThan(STOP_BOUND_MS);
    await waitFor('both to die', () => !isAlive(server) && !isAlive(stubborn), 10_000);
    expect(lines.some((l) => l.includes('sent SIGKILL'))).toBe(true);
  });

  it('a child that moved to a process group of its own (job control), its parent gone', async () => {
    const { pool } = await poolWith();
    const [moved = -1] = await run(pool, ['bash', '-c', 'set -m; env -i sleep 600 </dev/null >/dev/null 2>&1 & echo $!'], 'ignore', { waitLine: true });
    expect(isAlive(moved)).toBe(true);
    expect((await pool.stop('s')).state).toBe('stopped');
    await waitFor('the moved sleep to die', () => !isAlive(moved), 10_000);
  });

  it('a grandchild that floods stderr from a session of its own after the server exited', async () => {
    const { pool } = await poolWith();
    const [flooder = -1] = await run(pool, ['env', '-i', 'setsid', 'sh', '-c', 'exec yes flood >&2'], 'inherit', { exit: true });
    await waitFor('the flooding grandchild to die', () => !isAlive(flooder), 5000);
  });

  it('a server that closes its stdout and keeps running is stopped, saying so; the next call starts it again', async () => {
    const { pool } = await poolWith();
    const server = Number(textOf(await pool.callTool('s', 'pid', {})));
    left.push(server);
    await pool.callTool('s', 'closeStdout', {});
    await waitFor('the server to be stopped', () => !isAlive(server), 5000);
    await waitFor('its error', () => pool.status('s').lastError?.message.includes('closed its stdout but kept running'), 2000);
    const again = Number(textOf(await pool.callTool('s', 'pid', {})));
    expect(again).not.toBe(server);
  });
});

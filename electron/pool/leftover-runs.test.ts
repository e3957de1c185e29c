import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stopLeftoverRuns, type LeftoverReport } from './leftover-runs';
import { statOf } from '../proc-env';
import { RunLedger, type RunRecord } from './run-ledger';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const A = 'a'.repeat(32);
// Past the kernel's pid_max: no process has it.
const GONE = 4_300_000;

async function recorded(): Promise<{ dir: string; file: string }> {
  const dir = join(mkdtempSync(join(tmpdir(), 'leftover-runs-')), 'runs');
  dirs.push(dir);
  await new RunLedger(dir).record('s', A, [{ pid: GONE, start: '1' }]);
  return { dir, file: join(dir, `${A}.json`) };
}

describe.skipIf(process.platform !== 'linux')('stopLeftoverRuns', () => {
  it('leaves the records of an app process still running (this one) as they are', async () => {
    const { dir, file } = await recorded();
    const reports: LeftoverReport[] = [];
    await stopLeftoverRuns(dir, 0, () => undefined, (r) => reports.push(r));
    expect(existsSync(file)).toBe(true);
    expect(reports).toEqual([]);
  });

  it('removes the record of an app process that is gone, telling nothing when nothing of its run runs', async () => {
    const { dir, file } = await recorded();
    const record = JSON.parse(readFileSync(file, 'utf8')) as RunRecord;
    // An owner that has exited: a real pid, no longer running.
    const exited = spawnSync('true').pid;
    writeFileSync(file, JSON.stringify({ ...record, owner: { ...record.owner, pid: exited, nonce: 'another-process' } }));
    const reports: LeftoverReport[] = [];
    const lines: string[] = [];
    await stopLeftoverRuns(dir, 0, (l) => lines.push(l), (r) => reports.push(r));
    expect(existsSync(file)).toBe(false);
    expect(reports).toEqual([]);
    expect(lines).toEqual([]);
  });

  it("names a secret store program's leftover as the store's, not a server's", async () => {
    const { dir, file } = await recorded();
    const record = JSON.parse(readFileSync(file, 'utf8')) as RunRecord;
    const program = spawn('sleep', ['30'], { stdio: 'ignore', detached: true });
    const pid = program.pid ?? -1;
    const exited = spawnSync('true').pid;
    try {
      const start = (await statOf(pid))?.start ?? '';
      const owner = { ...record.owner, pid: exited, nonce: 'another-process' };
      writeFileSync(file, JSON.stringify({ ...record, server: 'vaultx', kind: 'store', owner, members: [{ pid, start }] }));
      const lines: string[] = [];
      const reports: LeftoverReport[] = [];
      await stopLeftoverRuns(dir, 0, (l) => lines.push(l), (r) => reports.push(r));
      expect(lines).toEqual([`[store vaultx] stopping pid ${pid} (sleep), left running by this secret store program when the app ended without stopping it`]);
      expect(reports).toEqual([{ server: 'vaultx', kind: 'store', stopped: [{ pid, name: 'sleep' }], leftRunning: [] }]);
      expect(existsSync(file)).toBe(false);
    } finally {
      program.kill('SIGKILL');
    }
  });
});

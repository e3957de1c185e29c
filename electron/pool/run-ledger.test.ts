import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ENDED_KEPT, readRunRecords, RunLedger, runLedgerFor } from './run-ledger';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'run-ledger-'));
  dirs.push(dir);
  return join(dir, 'runs');
}

describe.skipIf(process.platform === 'win32')('RunLedger', () => {
  it('records a run (0600 in a 0700 folder), reads it back, and removes it at the end; a record after the end is dropped', async () => {
    const dir = folder();
    const ledger = new RunLedger(dir);
    await ledger.record('s', A, [{ pid: 10, start: '100' }]);
    const first = ledger.record('s', A, [{ pid: 10, start: '100' }, { pid: 11, start: '101' }]);
    const { records, bad } = await readRunRecords(dir);
    await first;
    expect(bad).toEqual([]);
    expect(records.map((r) => r.record.server)).toEqual(['s']);
    expect(statSync(join(dir, `${A}.json`)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(join(dir, `${A}.json`), 'utf8'))).toMatchObject({ mark: A, members: [{ pid: 10 }, { pid: 11 }] });
    const late = ledger.record('s', A, [{ pid: 12, start: '102' }]);
    await ledger.end(A);
    await late;
    await ledger.record('s', A, [{ pid: 13, start: '103' }]);
    expect(existsSync(join(dir, `${A}.json`))).toBe(false);
  });

  it('remembers only the latest ended runs over many (a crash-looping server, every store program answer): a late write of those is dropped', async () => {
    const dir = folder();
    const ledger = new RunLedger(dir);
    const mark = (i: number): string => i.toString(16).padStart(32, '0');
    const runs = ENDED_KEPT * 3;
    for (let i = 0; i < runs; i++) await ledger.end(mark(i));
    expect(ledger.endedKept).toBe(ENDED_KEPT);
    // The latest run's late write is still dropped; the oldest's is no longer known to be late.
    await ledger.record('s', mark(runs - 1), [{ pid: 10, start: '100' }]);
    await ledger.record('s', mark(runs - ENDED_KEPT), [{ pid: 10, start: '100' }]);
    expect(existsSync(join(dir, `${mark(runs - 1)}.json`))).toBe(false);
    expect(existsSync(join(dir, `${mark(runs - ENDED_KEPT)}.json`))).toBe(false);
    await ledger.record('s', mark(0), [{ pid: 10, start: '100' }]);
    expect(existsSync(join(dir, `${mark(0)}.json`))).toBe(true);
  });

  it('reads no file that is not a record of ours as one: another run’s name, bad JSON, a wrong shape', async () => {
    const dir = folder();
    const ledger = new RunLedger(dir);
    await ledger.record('s', A, [{ pid: 10, start: '100' }]);
    writeFileSync(join(dir, `${B}.json`), readFileSync(join(dir, `${A}.json`)));
    writeFileSync(join(dir, `${'c'.repeat(32)}.json`), '{');
    writeFileSync(join(dir, `${'d'.repeat(32)}.json`), JSON.stringify({ v: 1, server: 's', mark: 'd'.repeat(32), members: [] }));
    writeFileSync(join(dir, 'notes.txt'), 'not a record');
    const { records, bad } = await readRunRecords(dir);
    expect(records.map((r) => r.record.mark)).toEqual([A]);
    expect(bad).toHaveLength(3);
  });

  it('is one per folder in a process (the pool and every set of secret stores of a data folder), one owner in its records', async () => {
    const dir = folder();
    const ledger = runLedgerFor(dir);
    expect(runLedgerFor(`${dir}/`)).toBe(ledger);
    expect(runLedgerFor(join(dir, '..', 'runs'))).toBe(ledger);
    expect(runLedgerFor(folder())).not.toBe(ledger);
    await ledger.record('s', A, [{ pid: 10, start: '100' }]);
    await runLedgerFor(dir).record('vaultx', B, [{ pid: 11, start: '101' }], 'store');
    const { records } = await readRunRecords(dir);
    expect(new Set(records.map((r) => r.record.owner.nonce)).size).toBe(1);
    expect(records.find((r) => r.record.mark === B)?.record).toMatchObject({ server: 'vaultx', kind: 'store', owner: { pid: process.pid } });
  });
});

import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AuditEntrySchema, type AuditEntry } from './audit-entry';
import { ManualTimers } from '../../test/support/manual-timers';
import { AuditLog, recordable } from './audit-log';
import { AuditWindows } from './audit-windows';

function entry(i: number, extra: Partial<AuditEntry> = {}): AuditEntry {
  return { time: i, agent: i % 2 === 0 ? 'even' : 'odd', server: 's', kind: 'tool', tool: 't', durationMs: 1, outcome: 'ok', ...extra };
}

describe('AuditLog', () => {
  it('appends JSON lines (0600 in a 0700 folder), reads newest first with filters, and emits each entry', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'audit-'));
    const log = new AuditLog({ dataDir });
    const seen: AuditEntry[] = [];
    log.on('entry', (e) => seen.push(e));
    for (let i = 0; i < 10; i++) log.append(entry(i, i === 7 ? { outcome: 'denied', errorCode: 'denied' } : {}));
    expect(seen).toHaveLength(10);
    const all = await log.read({ limit: 100 });
    expect(all.map((e) => e.time)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect((await log.read({ agent: 'even', limit: 2 })).map((e) => e.time)).toEqual([8, 6]);
    expect((await log.read({ outcome: 'denied' })).map((e) => e.time)).toEqual([7]);
    expect(await log.read({ server: 'other' })).toEqual([]);
    expect(readFileSync(log.file, 'utf8').trim().split('\n')).toHaveLength(10);
    if (process.platform !== 'win32') {
      expect(statSync(log.file).mode & 0o777).toBe(0o600);
      expect(statSync(log.dir).mode & 0o777).toBe(0o700);
    }
    await log.close();
    await log.close();
    log.append(entry(99));
    expect(readFileSync(log.file, 'utf8')).not.toContain('"time":99');
  });

  it('counts refusals an agent caused alone past the bound, and writes the count when it closes', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'audit-'));
    const log = new AuditLog({ dataDir });
    log.append(entry(0, { agent: 'a1', tool: 'delete_all', outcome: 'denied', approval: 'person' }));
    for (let i = 1; i <= 1000; i++) log.appendRefusal(entry(i, { agent: 'a1', server: '', tool: `nope-${i}`, outcome: 'error', errorCode: 'not_found' }));
    await log.close();
    const lines = readFileSync(log.file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as AuditEntry);
    expect(lines).toHaveLength(1 + 20 + 1);
    expect(lines[0]?.tool).toBe('delete_all');
    expect(lines.at(-1)).toMatchObject({ tool: 'nope-21', repeated: 980 });
  });

  it('writes the first request a minute refused for naming the bridge `localhost`, no agent named, and counts the rest into one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'audit-'));
    const log = new AuditLog({ dataDir });
    log.appendRefusal(entry(0, { agent: 'a1', server: '', tool: 'nope', outcome: 'error', errorCode: 'not_found' }));
    for (let i = 1; i <= 50; i++) log.appendMisnamed(i % 2 === 0 ? 'localhost:4777' : '[::1]:4777', i);
    await log.close();
    const lines = readFileSync(log.file, 'utf8').trim().split('\n').map((l) => AuditEntrySchema.parse(JSON.parse(l)));
    const refused = { agent: '', server: '', kind: 'request', tool: 'Host: [::1]:4777', durationMs: 0, outcome: 'denied', errorCode: 'denied' };
    expect(lines).toEqual([expect.objectContaining({ tool: 'nope' }), { time: 1, ...refused }, { time: 2, ...refused, tool: 'Host: localhost:4777', repeated: 49 }]);
  });

  it("reads a minute's count as it stands, marked `counting`, before any line of it is written; the line comes when the minute ends", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'audit-'));
    const log = new AuditLog({ dataDir });
    for (let i = 0; i < 30; i++) log.appendRefusal(entry(i, { agent: 'flooder', server: '', tool: `nope-${i}`, outcome: 'error', errorCode: 'not_found' }));
    const read = await log.read({ limit: 100 });
    expect(read).toHaveLength(21);
    expect(read.filter((e) => e.counting === true)).toEqual([{ ...entry(20, { agent: 'flooder', server: '', tool: 'nope-20', outcome: 'error', errorCode: 'not_found' }), repeated: 10, counting: true }]);
    // Filtered as the file's entries are; and nothing written for reading it.
    expect(await log.read({ agent: 'other' })).toEqual([]);
    expect(readFileSync(log.file, 'utf8')).not.toContain('repeated');
    log.appendRefusal(entry(30, { agent: 'flooder', server: '', tool: 'nope-30', outcome: 'error', errorCode: 'not_found' }));
    expect((await log.read({ agent: 'flooder', outcome: 'error' })).find((e) => e.counting === true)?.repeated).toBe(11);
    await log.close();
    const lines = readFileSync(log.file, 'utf8').trim().split('\n').map((l) => AuditEntrySchema.parse(JSON.parse(l)));
    expect(lines.at(-1)).toEqual({ ...entry(20, { agent: 'flooder', server: '', tool: 'nope-20', outcome: 'error', errorCode: 'not_found' }), repeated: 11 });
  });

  it("counts a page's `localhost` Origin apart from a misnamed Host: each header's first a minute written, its rest counted", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'audit-'));
    const log = new AuditLog({ dataDir });
    for (let i = 1; i <= 10; i++) log.appendMisnamed('http://localhost:4777', i, 'Origin');
    for (let i = 11; i <= 12; i++) log.appendMisnamed('localhost:4777', i);
    await log.close();
    const lines = readFileSync(log.file, 'utf8').trim().split('\n').map((l) => AuditEntrySchema.parse(JSON.parse(l)));
    const refused = { agent: '', server: '', kind: 'request', durationMs: 0, outcome: 'denied', errorCode: 'denied' };
    expect(lines).toEqual([
      { time: 1, ...refused, tool: 'Origin: http://localhost:4777' },
      { time: 11, ...refused, tool: 'Host: localhost:4777' },
      { time: 2, ...refused, tool: 'Origin: http://localhost:4777', repeated: 9 },
      { time: 12, ...refused, tool: 'Host: localhost:4777', repeated: 1 },
    ]);
  });

  it("writes the last window's count of another writer's windows when it closes (endAtClose)", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'audit-'));
    const log = new AuditLog({ dataDir });
    const asks = new AuditWindows({ limit: 1, write: (e) => log.append(e), summary: (first, counted) => ({ ...first, requests: counted }), clock: new ManualTimers() });
    log.endAtClose(asks);
    for (let i = 1; i <= 5; i++) asks.add('outside any call', 'loud', entry(i, { server: 'loud', kind: 'elicitation' }));
    await log.close();
    const lines = readFileSync(log.file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as AuditEntry);
    expect(lines.map((l) => [l.time, l.requests])).toEqual([[1, undefined], [2, 4]]);
  });

  it('counts what comes after endWindows (the process stopping) against the same budget, and writes the count at close', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'audit-'));
    const log = new AuditLog({ dataDir });
    for (let i = 1; i <= 25; i++) log.appendRefusal(entry(i, { agent: 'loud', outcome: 'denied', errorCode: 'not_found' }));
    log.endWindows();
    for (let i = 26; i <= 75; i++) log.appendRefusal(entry(i, { agent: 'loud', outcome: 'denied', errorCode: 'not_found' }));
    await log.close();
    const lines = readFileSync(log.file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as AuditEntry);
    expect(lines.map((l) => [l.time, l.repeated])).toEqual([...Array.from({ length: 20 }, (_, i) => [i + 1, undefined]), [21, 5], [26, 50]]);
  });

  it('writes the count of what came after endWindows when the process exits without closing it (a stop cut short)', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'audit-'));
    const script = [
      `import { AuditLog } from ${JSON.stringify(join(import.meta.dirname, 'audit-log.ts'))};`,
      `const log = new AuditLog({ dataDir: ${JSON.stringify(dataDir)} });`,
      "const refused = (time) => ({ time, agent: 'loud', server: 's', kind: 'tool', tool: 't', durationMs: 1, outcome: 'denied', errorCode: 'not_found' });",
      'log.endWindows();',
      'for (let i = 1; i <= 30; i++) log.appendRefusal(refused(i));',
      'process.exit(0);',
    ].join('\n');
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    const lines = readFileSync(join(dataDir, 'audit', 'audit.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as AuditEntry);
    expect(lines.map((l) => [l.time, l.repeated])).toEqual([...Array.from({ length: 20 }, (_, i) => [i + 1, undefined]), [21, 10]]);
  }, 60_000);

  it('rotates by size, keeps the configured number of files, and still reads across them', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'audit-'));
    const log = new AuditLog({ dataDir, maxBytes: 400, keep: 2 });
    for (let i = 0; i < 40; i++) {
      log.append(entry(i));
      await log.flush();
    }
    const files = readdirSync(log.dir).sort();
    expect(files).toEqual(['audit.1.jsonl', 'audit.2.jsonl', 'audit.jsonl']);
    for (const file of files) expect(statSync(join(log.dir, file)).size).toBeLessThanOrEqual(400);
    const read = await log.read({ limit: 1000 });
    expect(read[0]?.time).toBe(39);
    // Older entries fell off with the oldest file.
    expect(read.length).toBeLessThan(40);
    expect(read.map((e) => e.time)).toEqual([...read.map((e) => e.time)].sort((a, b) => b - a));
    await log.close();
  });

  it('redacts and cuts what auditArguments records', () => {
    expect(recordable({ query: 'x', apiKey: 'sk-123456789', header: 'Bearer abcdefghijkl' })).toEqual({
      query: 'x',
      apiKey: '[redacted]',
      header: 'Bearer [redacted]',
    });
    expect(recordable({ big: 'y'.repeat(100_000) })).toMatchObject({ truncated: true });
  });
});

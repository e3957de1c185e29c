import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { AuditEntrySchema, type AuditEntry } from './audit-entry';
import { AuditLog } from './audit-log';
import { boundAnswer, LAST_USE_SCAN_CHARS } from './audit-reads';

const call = (time: number, extra: Partial<AuditEntry> = {}): AuditEntry => ({ time, agent: 'a', server: 's', kind: 'tool', tool: 't', durationMs: 1, callMs: 1, outcome: 'ok', ...extra });

describe('boundAnswer', () => {
  it('keeps recorded values of the newest entries up to the bound and marks the older ones left out', () => {
    const entries = [call(3, { arguments: 'x'.repeat(40) }), call(2), call(1, { arguments: 'y'.repeat(40), result: 'r' }), call(0, { result: 'z' })];
    const answer = boundAnswer(entries, 50);
    expect(answer[0]?.arguments).toBe('x'.repeat(40));
    expect(answer[1]).not.toHaveProperty('leftOut');
    expect(answer[2]).toMatchObject({ time: 1, leftOut: 'answer' });
    expect(answer[2]).not.toHaveProperty('arguments');
    expect(answer[2]).not.toHaveProperty('result');
    // Past the bound every older one is left out, however small.
    expect(answer[3]).toMatchObject({ time: 0, leftOut: 'answer' });
  });

  it("bounds AuditLog.read's answer: 200 entries of 30 KB answer about 2 MiB, the newest whole", async () => {
    const log = new AuditLog({ dataDir: mkdtempSync(join(tmpdir(), 'audit-')) });
    // Spread over agents: each agent's own bound (audit-budget.ts) would leave most out on the way in.
    for (let i = 0; i < 200; i++) log.append(call(i, { agent: `a${i}`, arguments: 'x'.repeat(15_000), result: 'y'.repeat(15_000) }));
    const answer = await log.read({ limit: 200 });
    await log.close();
    expect(answer).toHaveLength(200);
    expect(answer[0]?.arguments).toBeDefined();
    expect(answer.at(-1)).toMatchObject({ time: 0, leftOut: 'answer' });
    expect(JSON.stringify(answer).length).toBeLessThan(2.2 * 1024 * 1024);
  });
});

describe('AuditLog.lastUse', () => {
  it("finds each service's last call across the whole audit, past another agent's flood; refusals and unknown services are no use", async () => {
    const log = new AuditLog({ dataDir: mkdtempSync(join(tmpdir(), 'audit-')) });
    log.append(call(1, { server: 'github' }));
    log.append(call(2, { server: 'github' }));
    log.append(call(3, { server: 'okta', outcome: 'denied', callMs: undefined }));
    for (let i = 0; i < 2000; i++) log.append(call(10 + i, { agent: `flood${i % 4}`, server: 'everything' }));
    const used = await log.lastUse(['github', 'okta', 'everything', 'never']);
    await log.close();
    expect(used).toEqual({
      used: new Map([
        ['everything', 2009],
        ['github', 2],
      ]),
    });
    expect((await new AuditLog({ dataDir: log.dir.replace(/\/audit$/, '') }).lastUse([])).used.size).toBe(0);
  });

  it('reads at most LAST_USE_SCAN_CHARS of a full 30 MiB audit for a service never called, and says since when it looked', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'audit-'));
    mkdirSync(join(dataDir, 'audit'), { mode: 0o700 });
    // Written by earlier runs: six files of 5 MiB, github called once in the oldest, everything since.
    const line = (time: number, server: string): string => `${JSON.stringify(call(time, { server, tool: 'x'.repeat(120) }))}\n`;
    const perFile = Math.floor((5 * 1024 * 1024) / line(1e12, 'everything').length);
    const names = ['audit.5.jsonl', 'audit.4.jsonl', 'audit.3.jsonl', 'audit.2.jsonl', 'audit.1.jsonl', 'audit.jsonl'];
    let time = 1e12;
    for (const [n, name] of names.entries()) {
      const lines: string[] = n === 0 ? [line(time++, 'github')] : [];
      while (lines.length < perFile) lines.push(line(time++, 'everything'));
      writeFileSync(join(dataDir, 'audit', name), lines.join(''), { mode: 0o600 });
    }
    const newest = time - 1;
    const log = new AuditLog({ dataDir });
    let parsed = 0;
    const schemaParse = AuditEntrySchema.safeParse.bind(AuditEntrySchema);
    const counting = vi.spyOn(AuditEntrySchema, 'safeParse').mockImplementation((value) => (parsed++, schemaParse(value)));
    const answer = await log.lastUse(['everything', 'github', 'never']);
    counting.mockRestore();
    expect(answer.used).toEqual(new Map([['everything', newest]]));
    // Stopped about 8 MiB back, far short of the 30 MiB: what was read, and how far back it went, agree.
    const lineChars = line(1e12, 'everything').length;
    expect(parsed).toBe(Math.ceil(LAST_USE_SCAN_CHARS / lineChars));
    expect(answer.since).toBe(newest - parsed + 1);
    // A call this process wrote is known without reading back, however far the search stops.
    log.append(call(newest + 5, { server: 'github' }));
    expect((await log.lastUse(['github'], 1024)).used.get('github')).toBe(newest + 5);
    await log.close();
  });
});

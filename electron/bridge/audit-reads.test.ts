import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from './audit-entry';
import { AuditLog } from './audit-log';
import { boundAnswer } from './audit-reads';

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
    expect([...used]).toEqual([
      ['everything', 2009],
      ['github', 2],
    ]);
    expect((await new AuditLog({ dataDir: log.dir.replace(/\/audit$/, '') }).lastUse([])).size).toBe(0);
  });
});

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualTimers } from '../../test/support/manual-timers';
import type { AuditEntry } from './audit-entry';
import { CALLS_PER_WINDOW, RecordedBytes, RECORDED_BYTES_PER_WINDOW } from './audit-budget';
import { AuditLog } from './audit-log';
import { AUDIT_WINDOW_MS } from './audit-windows';

const call = (agent: string, extra: Partial<AuditEntry> = {}): AuditEntry => ({ time: 1, agent, server: 'everything', kind: 'tool', tool: 'echo', durationMs: 1, outcome: 'ok', ...extra });

describe('RecordedBytes', () => {
  it("leaves out an agent's arguments and results past its bytes for the window, marked; other agents keep theirs; the next window starts over", () => {
    const clock = new ManualTimers();
    const bytes = new RecordedBytes(clock, 120);
    const big = (agent: string) => call(agent, { arguments: { text: 'x'.repeat(40) }, result: 'ok' });
    expect(bytes.fit(big('a')).arguments).toBeDefined();
    expect(bytes.fit(big('a')).arguments).toBeDefined();
    const past = bytes.fit(big('a'));
    expect(past).toMatchObject({ agent: 'a', tool: 'echo', outcome: 'ok', leftOut: 'flood' });
    expect(past).not.toHaveProperty('arguments');
    expect(past).not.toHaveProperty('result');
    expect(bytes.fit(big('b')).arguments).toBeDefined();
    // Nothing to record costs nothing and is not marked.
    expect(bytes.fit(call('a'))).not.toHaveProperty('leftOut');
    clock.advance(AUDIT_WINDOW_MS);
    expect(bytes.fit(big('a'))).not.toHaveProperty('leftOut');
  });
});

describe("the audit's bounds per agent", () => {
  it("one agent's flood of large calls costs the audit a bounded amount; another agent's refusal and error are kept whole", async () => {
    const log = new AuditLog({ dataDir: mkdtempSync(join(tmpdir(), 'audit-')) });
    log.appendRefusal(call('other', { server: '', tool: 'nope', outcome: 'error', errorCode: 'not_found' }));
    log.append(call('other', { outcome: 'error', errorCode: 'internal' }));
    const args = { text: 'y'.repeat(15_000) };
    for (let i = 0; i < 1200; i++) log.append(call('flood', { arguments: args, result: { content: [{ type: 'text', text: args.text }] } }));
    log.append(call('flood', { outcome: 'tool_error' }));
    await log.close();
    const text = readFileSync(log.file, 'utf8');
    const lines = text.trim().split('\n').map((l) => JSON.parse(l) as AuditEntry);
    const flood = lines.filter((l) => l.agent === 'flood');
    expect(flood.filter((l) => l.outcome === 'ok' && l.repeated === undefined)).toHaveLength(CALLS_PER_WINDOW);
    expect(flood.filter((l) => l.outcome === 'ok' && l.repeated !== undefined).map((l) => l.repeated)).toEqual([1200 - CALLS_PER_WINDOW]);
    // Its own error has its own window: not folded into the count of what ran.
    expect(flood.filter((l) => l.outcome === 'tool_error')).toHaveLength(1);
    expect(flood.filter((l) => l.arguments !== undefined).length).toBeLessThan(10);
    expect(flood.filter((l) => l.leftOut === 'flood').length).toBeGreaterThan(CALLS_PER_WINDOW - 10);
    expect(text.length).toBeLessThan(RECORDED_BYTES_PER_WINDOW + CALLS_PER_WINDOW * 300);
    expect(lines.filter((l) => l.agent === 'other').map((l) => l.outcome)).toEqual(['error', 'error']);
  });

  it("writes other writers' entries (a server's request, a listing switch) as they come", async () => {
    const log = new AuditLog({ dataDir: mkdtempSync(join(tmpdir(), 'audit-')) });
    for (let i = 0; i < CALLS_PER_WINDOW + 5; i++) log.append(call('a', { kind: 'elicitation', answeredBy: 'person' }));
    await log.close();
    expect(readFileSync(log.file, 'utf8').trim().split('\n')).toHaveLength(CALLS_PER_WINDOW + 5);
  });
});

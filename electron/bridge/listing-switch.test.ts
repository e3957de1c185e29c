import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualTimers } from '../../test/support/manual-timers';
import { AuditEntrySchema, type AuditEntry, type ToolInfo } from '../../shared/api';
import type { Agent } from './agent-schema';
import { AuditLog } from './audit-log';
import { MAX_AGENT_LISTING_BYTES } from './listing-bounds';
import { AUDIT_WINDOW_MS } from './audit-windows';
import { countedSwitchesLine, LISTING_SWITCHES_PER_WINDOW, sayListingSwitch, switchLine } from './listing-switch';
import type { ToolEntry } from './tool-index';
import { toolTier } from './tool-tier';
import { describeBoundSearched, describeToolMode } from './tool-mode';

function entry(server: string, name: string, size = 0): [string, ToolEntry] {
  const info: ToolInfo = { server, name, inputSchema: { type: 'object' } };
  const inputSchema = size === 0 ? { type: 'object' as const } : { type: 'object' as const, properties: { q: { type: 'string', description: 'S'.repeat(size) } } };
  return [`${server}__${name}`, { server, info, tier: toolTier(info), listed: { name: `${server}__${name}`, inputSchema } }];
}

const agent = (over: Partial<Agent> = {}): Agent => ({ name: 'a', tokenHint: 'cs_x', createdAt: 0, tokenCreatedAt: 0, servers: ['*'], policy: { read: 'allow', write: 'ask', destructive: 'deny' }, tools: {}, ...over });
const count = Math.ceil(MAX_AGENT_LISTING_BYTES / (60 * 1024)) + 1;
const big = (server: string) => Array.from({ length: count }, (_, i) => entry(server, `get_${i}`, 60 * 1024));

function switchContext() {
  const lines: string[] = [];
  const audited: AuditEntry[] = [];
  const atClose: { endAll(): void }[] = [];
  const clock = new ManualTimers();
  const audit = { append: (e: AuditEntry) => audited.push(e), endAtClose: (windows: { endAll(): void }) => atClose.push(windows) };
  return { lines, audited, atClose, clock, ctx: { log: (line: string) => lines.push(line), now: () => 7, audit, auditClock: clock } };
}

describe('sayListingSwitch', () => {
  it('says once that an `all` agent searches a server past the bound, and again after the switch ends and comes back', () => {
    const { lines, ctx } = switchContext();
    const mixed = new Map([entry('small', 'get_thing'), ...big('huge')]);
    const record = agent();
    sayListingSwitch(ctx, mixed, record);
    sayListingSwitch(ctx, mixed, record);
    sayListingSwitch(ctx, new Map(mixed), { ...record });
    expect(lines).toEqual([`agent "a" (tool mode all): server "huge"'s tools pass 4 MiB, so it finds those through search_tools and the call tools; its other servers' tools stay listed`]);
    sayListingSwitch(ctx, new Map([entry('small', 'get_thing')]), record);
    sayListingSwitch(ctx, mixed, record);
    expect(lines).toHaveLength(2);
  });

  it('writes at most 6 switch entries of an agent a minute, then one count written when the audit closes', () => {
    const { audited, atClose, clock, ctx } = switchContext();
    const mixed = new Map([entry('small', 'get_thing'), ...big('huge')]);
    const small = new Map([entry('small', 'get_thing')]);
    const record = agent();
    for (let i = 0; i < 100; i++) sayListingSwitch(ctx, i % 2 === 0 ? mixed : small, record);
    expect(audited).toHaveLength(LISTING_SWITCHES_PER_WINDOW);
    expect(atClose).toHaveLength(1);
    for (const windows of atClose) windows.endAll();
    expect(audited).toHaveLength(LISTING_SWITCHES_PER_WINDOW + 1);
    expect(audited.at(-1)).toMatchObject({ agent: 'a', kind: 'listing', repeated: 100 - LISTING_SWITCHES_PER_WINDOW });
    expect(AuditEntrySchema.parse(audited.at(-1))).toEqual(audited.at(-1));
    // The next minute, its switches are written again.
    clock.advance(60_000);
    sayListingSwitch(ctx, mixed, record);
    expect(audited).toHaveLength(LISTING_SWITCHES_PER_WINDOW + 2);
  });

  it('logs a switch only when its entry is written: past the window, one line for the count as the minute ends', () => {
    const { lines, audited, clock, ctx } = switchContext();
    const mixed = new Map([entry('small', 'get_thing'), ...big('huge')]);
    const small = new Map([entry('small', 'get_thing')]);
    const record = agent();
    // Each switch is followed by its end (audited, never logged): 6 entries hold 3 switches.
    for (let i = 0; i < 100; i++) sayListingSwitch(ctx, i % 2 === 0 ? mixed : small, record);
    expect(audited).toHaveLength(LISTING_SWITCHES_PER_WINDOW);
    expect(lines).toHaveLength(3);
    expect(new Set(lines)).toEqual(new Set([switchLine('a', ['huge'])]));
    clock.advance(AUDIT_WINDOW_MS);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe(countedSwitchesLine('a', 100 - LISTING_SWITCHES_PER_WINDOW));
    expect(lines[3]).toBe('agent "a" (tool mode all): its listing switched 94 more times within a minute; the audit counts them in one entry');
    // The next minute, a switch is logged again.
    sayListingSwitch(ctx, mixed, record);
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe(switchLine('a', ['huge']));
  });

  it("through a real audit log: 100 flips leave 6 lines and the count, written as the log closes", async () => {
    const log = new AuditLog({ dataDir: mkdtempSync(join(tmpdir(), 'listing-switch-')) });
    const ctx = { log: () => undefined, now: () => 7, audit: log, auditClock: new ManualTimers() };
    const mixed = new Map([entry('small', 'get_thing'), ...big('huge')]);
    const small = new Map([entry('small', 'get_thing')]);
    for (let i = 0; i < 100; i++) sayListingSwitch(ctx, i % 2 === 0 ? mixed : small, agent());
    await log.close();
    const lines = readFileSync(log.file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as AuditEntry);
    expect(lines).toHaveLength(LISTING_SWITCHES_PER_WINDOW + 1);
    expect(lines.at(-1)?.repeated).toBe(100 - LISTING_SWITCHES_PER_WINDOW);
  });

  it('writes one audit entry per switch: the agent, the servers searched and their size; its end too', () => {
    const { audited, ctx } = switchContext();
    const mixed = new Map([entry('small', 'get_thing'), ...big('huge')]);
    const record = agent();
    sayListingSwitch(ctx, mixed, record);
    sayListingSwitch(ctx, mixed, record);
    expect(audited).toHaveLength(1);
    const [first] = audited;
    expect(first).toMatchObject({ time: 7, agent: 'a', server: 'huge', kind: 'listing', tool: 'tools/list', outcome: 'ok', listing: { every: false, boundBytes: MAX_AGENT_LISTING_BYTES } });
    expect(first?.listing?.searched.map((s) => s.server)).toEqual(['huge']);
    expect(first?.listing?.searched[0]?.bytes).toBeGreaterThan(MAX_AGENT_LISTING_BYTES);
    expect(AuditEntrySchema.parse(first)).toEqual(first);
    sayListingSwitch(ctx, new Map([entry('small', 'get_thing')]), record);
    sayListingSwitch(ctx, new Map([entry('small', 'get_thing')]), record);
    expect(audited).toHaveLength(2);
    expect(audited[1]).toMatchObject({ agent: 'a', server: '', kind: 'listing', listing: { searched: [], every: false } });
    const whole = new Map([...big('huge'), ...Array.from({ length: count }, (_, i) => entry(`s${i}`, 'get', 60 * 1024))]);
    sayListingSwitch(ctx, whole, record);
    expect(audited[2]?.listing?.every).toBe(true);
    expect(audited[2]?.server).toBe('');
    expect(audited[2]?.listing?.searched).toHaveLength(count + 1);
  });

  it('says nothing for an agent that lists every tool or chose search', () => {
    const { lines, audited, ctx } = switchContext();
    sayListingSwitch(ctx, new Map([entry('small', 'get_thing')]), agent());
    sayListingSwitch(ctx, new Map(big('huge')), agent({ toolMode: 'search' }));
    expect(lines).toEqual([]);
    expect(audited).toEqual([]);
  });

  it('says when every server is searched, and names each server past the bound', () => {
    expect(switchLine('a', '*')).toBe('agent "a" (tool mode all): its tools pass 4 MiB listed together, so it lists search_tools and the call tools instead of them');
    expect(switchLine('a', ['x', 'y'])).toContain('servers "x", "y" each list tools past 4 MiB');
  });
});

describe('the tool mode in words', () => {
  it('says the bound in `all` mode, and which servers it searches now', () => {
    expect(describeToolMode(undefined)).toContain('a server whose tools pass 4 MiB listed is searched instead');
    expect(describeBoundSearched(['huge'])).toBe("this server lists tools past 4 MiB, so it finds them through search_tools: huge; its other servers' tools stay listed");
    expect(describeBoundSearched('*')).toContain('it lists search_tools and the call tools instead');
  });
});

import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AdminLog } from './admin-log';
import { REVIEW_KEEP_EACH_END } from './offline-review';

describe('AdminLog', () => {
  it('appends stamped entries to audit/admin.jsonl (0600), reads newest first, filters by who', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admin-'));
    let now = 100;
    const log = new AdminLog({ dataDir, now: () => now++ });
    const seen: string[] = [];
    log.on('entry', (e) => seen.push(e.method));
    log.record({ who: 'cli', method: 'addAgent', summary: 'add', outcome: 'waiting', confirmation: 'c-1' });
    log.record({ who: 'app', method: 'addAgent', summary: 'add', outcome: 'confirmed', confirmation: 'c-1' });
    log.record({ who: 'cli', method: 'removeAgent', summary: 'remove', outcome: 'ok' });
    expect(seen).toEqual(['addAgent', 'addAgent', 'removeAgent']);
    expect((await log.query()).map((e) => [e.time, e.who, e.outcome])).toEqual([
      [102, 'cli', 'ok'],
      [101, 'app', 'confirmed'],
      [100, 'cli', 'waiting'],
    ]);
    expect((await log.query({ who: 'app' })).map((e) => e.outcome)).toEqual(['confirmed']);
    expect(readFileSync(join(dataDir, 'audit', 'admin.jsonl'), 'utf8').trim().split('\n')).toHaveLength(3);
    if (process.platform !== 'win32') expect(statSync(join(dataDir, 'audit', 'admin.jsonl')).mode & 0o777).toBe(0o600);
    await log.close();
  });

  it('lists the widenings made while no app ran until the person acknowledges them, and new ones after', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admin-'));
    let now = 1000;
    const log = new AdminLog({ dataDir, now: () => now });
    const offline = (method: string) => {
      now += 10;
      return log.record({ who: 'cli-offline', method, summary: method, outcome: 'ok', review: true });
    };
    offline('addAgent');
    log.record({ who: 'cli-offline', method: 'removeAgent', summary: 'narrowing: not for review', outcome: 'ok' });
    const second = offline('addServer');
    expect((await log.unreviewed()).map((e) => e.method)).toEqual(['addAgent', 'addServer']);
    now += 10;
    log.record({ who: 'app', method: 'acknowledgeChanges', summary: 'reviewed', input: { upTo: second.time }, outcome: 'acknowledged' });
    expect(await log.unreviewed()).toEqual([]);
    offline('approveServer');
    // Another process reading the same file sees the same list, once it is written.
    await log.flush();
    const other = new AdminLog({ dataDir });
    expect((await other.unreviewed()).map((e) => e.method)).toEqual(['approveServer']);
    await Promise.all([log.close(), other.close()]);
  });

  // Security review (MEDIUM): the review looked back only 5,000 entries, so 5,200 more erased it.
  it('keeps an offline change for review until acknowledged, however many entries follow', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admin-'));
    let now = 1000;
    const log = new AdminLog({ dataDir, now: () => now++ });
    const backdoor = log.record({ who: 'cli-offline', method: 'addAgent', summary: 'add the agent "backdoor" with every server', outcome: 'ok', review: true });
    for (let i = 0; i < 5200; i++) log.record({ who: 'cli', method: 'setBridgePaused', summary: 'pause the bridge', outcome: 'ok' });
    await log.flush();
    const other = new AdminLog({ dataDir });
    expect((await other.unreviewed()).map((e) => e.id)).toEqual([backdoor.id]);
    await log.acknowledge(backdoor.time);
    expect(await other.unreviewed()).toEqual([]);
    await Promise.all([log.close(), other.close()]);
  });

  it('holds the oldest and newest changes whole and counts those between, so a flood on either side hides nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admin-'));
    let now = 1000;
    const log = new AdminLog({ dataDir, now: () => now++ });
    const first = log.record({ who: 'cli-offline', method: 'addAgent', summary: 'first', outcome: 'ok', review: true });
    for (let i = 0; i < 2 * REVIEW_KEEP_EACH_END + 100; i++) log.record({ who: 'cli-offline', method: 'setSecret', summary: `noise ${i}`, outcome: 'ok', review: true });
    const last = log.record({ who: 'cli-offline', method: 'addAgent', summary: 'last', outcome: 'ok', review: true });
    await log.flush();
    const listed = await new AdminLog({ dataDir }).unreviewed();
    expect(listed).toHaveLength(2 * REVIEW_KEEP_EACH_END + 1);
    const fromReview = listed.filter((e) => e.method !== 'omitted');
    expect(fromReview[0]?.id).toBe(first.id);
    expect(fromReview.at(-1)?.id).toBe(last.id);
    expect(listed.find((e) => e.method === 'omitted')?.summary).toMatch(/^\d+ more changes were made from the command line/);
    await log.close();
  });

  // A command killed between making a change and recording it left the change in force, unlisted.
  it('writes a change ahead: listed as "may have been applied" until its outcome replaces it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admin-'));
    let now = 1000;
    const log = new AdminLog({ dataDir, now: () => now++ });
    const ahead = await log.recordAhead({ who: 'cli-offline', method: 'updateAgent', summary: 'give "me" every server', review: true });
    // On disk already, before anything is flushed: another process (the next app) sees it.
    const other = new AdminLog({ dataDir });
    const listed = await other.unreviewed();
    expect(listed.map((e) => [e.id, e.outcome])).toEqual([[ahead.id, 'pending']]);
    expect(listed[0]?.summary).toBe('give "me" every server (may have been applied: the command stopped before it said how it ended)');
    expect((await other.query()).map((e) => e.outcome)).toEqual(['pending']);
    const done = log.recordOutcome(ahead, { outcome: 'ok' });
    await log.flush();
    expect((await other.unreviewed()).map((e) => [e.id, e.outcome, e.summary])).toEqual([[done.id, 'ok', 'give "me" every server']]);
    expect((await other.query()).map((e) => e.outcome)).toEqual(['ok', 'pending']);
    await Promise.all([log.close(), other.close()]);
  });

  // A refused command (a taken name) listed as a plain change read as if it had been made.
  it('lists a change that failed as tried, with its error', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admin-'));
    const log = new AdminLog({ dataDir });
    const ahead = await log.recordAhead({ who: 'cli-offline', method: 'addServer', summary: 'add the server "notes": node x.js', review: true });
    log.recordOutcome(ahead, { outcome: 'failed', error: 'A server named "notes" already exists.' });
    await log.flush();
    expect((await log.unreviewed()).map((e) => [e.outcome, e.summary])).toEqual([['failed', 'add the server "notes": node x.js (tried; it failed: A server named "notes" already exists.)']]);
    // The outcome's line names the pending line it ends, for the log's readers.
    expect((await log.query()).map((e) => [e.outcome, e.ahead])).toEqual([['failed', ahead.id], ['pending', undefined]]);
    // A server's error of 20,000 characters: its head in the review, all of it in the log.
    const call = await log.recordAhead({ who: 'cli-offline', method: 'callTool', summary: 'call the tool "echo" of "everything"', review: true });
    log.recordOutcome(call, { outcome: 'failed', error: 'x'.repeat(20_000) });
    await log.flush();
    const listed = (await log.unreviewed()).find((e) => e.method === 'callTool');
    expect(listed?.summary).toBe(`call the tool "echo" of "everything" (tried; it failed: ${'x'.repeat(299)}…)`);
    expect((await log.query()).find((e) => e.method === 'callTool' && e.outcome === 'failed')?.error).toHaveLength(20_000);
    await log.close();
  });
});

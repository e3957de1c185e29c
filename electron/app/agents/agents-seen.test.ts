import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminEntry } from '../../../shared/api';
import { AgentStore } from '../../bridge';
import { recordAgentsFileEdits } from './agents-file-edits';
import { SEEN_FILE } from './agents-seen';

type Entry = Omit<AdminEntry, 'id' | 'time'>;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The app's start: a store opened, edits recorded until the first check and its note are done. */
async function appRun(dataDir: string): Promise<Entry[]> {
  const entries: Entry[] = [];
  const agents = AgentStore.open({ dataDir, recheckMs: 0 });
  const admin = { record: (entry: Entry) => (entries.push(entry), { ...entry, id: String(entries.length), time: 0 }) };
  const stop = recordAgentsFileEdits(agents, admin, (line) => entries.push({ who: 'file', method: 'log', summary: line, outcome: 'failed' }));
  await stop.settled();
  // The first check ends with what the app holds noted.
  expect(readSeenText(path.join(dataDir, SEEN_FILE))).toBe(readFileSync(agents.file, 'utf8'));
  stop();
  return entries;
}

function readSeenText(file: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { text: string }).text;
  } catch {
    return undefined;
  }
}

describe('agents.json edited while no app ran', () => {
  it('is logged at the next start, once, a widening kept for review; the product’s own writes in between are not', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cs-agents-seen-'));
    dirs.push(dataDir);
    const cli = AgentStore.open({ dataDir });
    await cli.add('helper', { servers: ['github'], policy: { read: 'allow', write: 'ask', destructive: 'deny' } });
    // The first start has nothing to compare with.
    expect(await appRun(dataDir)).toEqual([]);

    // While no app runs: a command's own change (explained by agents-writes.json), then a hand edit.
    await AgentStore.open({ dataDir }).update('helper', { servers: ['github', 'linear'] });
    expect(await appRun(dataDir)).toEqual([]);
    // A command's change, then a hand edit: only the hand edit is told (the command logged its own).
    await AgentStore.open({ dataDir }).update('helper', { policy: { read: 'ask' } });
    const file = path.join(dataDir, 'agents.json');
    const held = JSON.parse(readFileSync(file, 'utf8')) as { version: 1; agents: { servers: unknown; policy: unknown }[] };
    const [agent] = held.agents;
    if (agent === undefined) throw new Error('no agent written');
    agent.servers = ['*'];
    agent.policy = { read: 'ask', write: 'allow', destructive: 'allow' };
    writeFileSync(file, JSON.stringify(held));

    const found = await appRun(dataDir);
    expect(found.map((e) => [e.who, e.method, e.review])).toEqual([['file', 'updateAgent', true]]);
    expect(found[0]?.summary).toContain('agents.json was edited outside the app while no app ran');
    expect(found[0]?.summary).toContain('servers → all; write → allow; destructive → allow');
    // Told once: the next start holds what this one noted.
    expect(await appRun(dataDir)).toEqual([]);

    // A hand edit that narrows is logged too, not kept for review.
    const again = JSON.parse(readFileSync(file, 'utf8')) as { version: 1; agents: unknown[] };
    writeFileSync(file, JSON.stringify({ ...again, agents: [] }));
    const removed = await appRun(dataDir);
    expect(removed.map((e) => [e.method, e.review])).toEqual([['removeAgent', undefined]]);
  });
});

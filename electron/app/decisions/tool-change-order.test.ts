import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DecisionRecord, ToolInfo } from '../../../shared/api';
import { ToolPins } from '../../pinning';
import { DecisionQueue } from './decision-queue';
import { toolChangeDecisions } from './tool-change-decisions';

// The order of a held change's record and the pins' 'reviewed' event, with the real pins on a real
// disk: each interleaving below is forced by the event loop's own order (microtasks before I/O), not by time.
const tool = (name: string): ToolInfo => ({ server: 'notes', name, description: `${name}.`, inputSchema: { type: 'object' } });
const listing = (...names: string[]): { tools: ToolInfo[]; prompts: [] } => ({ tools: names.map(tool), prompts: [] });

async function heldUpload(): Promise<{ pins: ToolPins; queue: DecisionQueue; records: DecisionRecord[] }> {
  const pins = new ToolPins({ dir: join(mkdtempSync(join(tmpdir(), 'cs-pin-order-')), 'pins'), acceptNew: () => false, now: () => 1 });
  await pins.review('notes', listing('search'));
  await pins.review('notes', listing('search', 'upload'));
  const records: DecisionRecord[] = [];
  const queue = new DecisionQueue({ record: (record) => records.push(record), now: () => 2 });
  const source = toolChangeDecisions({
    pins,
    servers: () => ['notes'],
    pinsApi: { reviewChanges: async ({ name, decisions }) => (await pins.decide(name, decisions ?? []), { ok: true as const }) },
  });
  queue.register(source);
  await source.ready();
  expect(queue.list().map((d) => d.id)).toEqual(['notes/tool/upload']);
  return { pins, queue, records };
}

describe('a held change decided while its server lists again', () => {
  it("is recorded with the person's answer, not as withdrawn by the core, when the listing is reviewed while the decision is being written", async () => {
    const { pins, queue, records } = await heldUpload();
    // The decision keeps its state at once and then waits for its file; the listing, reviewed in
    // microtasks, holds a new tool and tells the source before that write is done.
    const settled = new Promise<DecisionRecord>((resolve) => queue.on('settled', resolve));
    const deciding = queue.decide({ kind: 'toolChange', id: 'notes/tool/upload', answer: { decision: 'accept' } }, 'app');
    const listed = pins.review('notes', listing('search', 'upload', 'purge'));
    expect(await deciding).toEqual({ outcome: 'accepted' });
    await listed;
    expect(await settled).toMatchObject({ id: 'notes/tool/upload', outcome: 'accepted' });
    expect(records.map(({ id, who, outcome }) => ({ id, who, outcome }))).toEqual([{ id: 'notes/tool/upload', who: 'app', outcome: 'accepted' }]);
    expect(queue.list().map((d) => d.id)).toEqual(['notes/tool/purge']);
  });

  it('is recorded, by who decided, before the decide call returns, however slowly what waits is read', async () => {
    const { pins, queue, records } = await heldUpload();
    // Reading what waits takes a turn of the event loop (a slow disk): decide must still not return first.
    const slow = { held: (server?: string) => new Promise<Awaited<ReturnType<ToolPins['held']>>>((resolve) => setImmediate(() => resolve(pins.held(server)))), on: pins.on.bind(pins) };
    const slowQueue = new DecisionQueue({ record: (record) => records.push(record), now: () => 2 });
    const source = toolChangeDecisions({ pins: slow, servers: () => ['notes'], pinsApi: { reviewChanges: async ({ name, decisions }) => (await pins.decide(name, decisions ?? []), { ok: true as const }) } });
    queue.close();
    slowQueue.register(source);
    await source.ready();
    expect(await slowQueue.decide({ kind: 'toolChange', id: 'notes/tool/upload', answer: { decision: 'refuse' } }, 'cli')).toEqual({ outcome: 'refused' });
    expect(records.map(({ id, who, outcome }) => ({ id, who, outcome }))).toEqual([{ id: 'notes/tool/upload', who: 'cli', outcome: 'refused' }]);
    expect(slowQueue.list()).toEqual([]);
  });
});

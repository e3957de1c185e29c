import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApiInput, DecisionRecord, ToolInfo } from '../../../shared/api';
import { ToolPins } from '../../pinning';
import { DecisionQueue } from './decision-queue';
import { createDecisionsApi } from './decisions-api';
import { toolChangeDecisions } from './tool-change-decisions';

// A review that fails after the decision was noted (its pin file not written): the record follows
// the outcome, written only once the decision is kept. Real pins on a real disk whose folder breaks.
const tool = (name: string): ToolInfo => ({ server: 'notes', name, description: `${name}.`, inputSchema: { type: 'object' } });
const listing = (...names: string[]): { tools: ToolInfo[]; prompts: [] } => ({ tools: names.map(tool), prompts: [] });

async function heldUpload() {
  const dir = join(mkdtempSync(join(tmpdir(), 'cs-failed-review-')), 'pins');
  const pins = new ToolPins({ dir, acceptNew: () => false, now: () => 1 });
  await pins.review('notes', listing('search'));
  await pins.review('notes', listing('search', 'upload'));
  await pins.flush();
  const records: DecisionRecord[] = [];
  const queue = new DecisionQueue({ record: (record) => records.push(record), now: () => 2 });
  const pinsApi = { reviewChanges: async ({ name, decisions }: ApiInput<'reviewChanges'>) => (await pins.decide(name, decisions ?? []), { ok: true as const }) };
  const source = toolChangeDecisions({ pins, servers: () => ['notes'], pinsApi });
  queue.register(source);
  await source.ready();
  const api = createDecisionsApi({ queue, pinsApi, bridgeApi: { decideApproval: () => Promise.reject(new Error('unused')) }, adminApi: { decideConfirmation: () => Promise.reject(new Error('unused')) }, asksApi: { answerAsk: () => Promise.reject(new Error('unused')) } });
  const breakStore = (): void => {
    rmSync(dir, { recursive: true });
    writeFileSync(dir, 'not a folder');
  };
  const mendStore = (): void => {
    rmSync(dir);
    mkdirSync(dir);
  };
  const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
  return { pins, queue, records, api, breakStore, mendStore, settle };
}

describe('a review whose pin file cannot be written', () => {
  it('records nothing through decide: the change still waits, and is recorded by who decides it once the store is mended', async () => {
    const { queue, records, breakStore, mendStore } = await heldUpload();
    breakStore();
    await expect(queue.decide({ kind: 'toolChange', id: 'notes/tool/upload', answer: { decision: 'accept' } }, 'cli')).rejects.toMatchObject({ code: 'invalid_config' });
    expect(records).toEqual([]);
    expect(queue.list().map((d) => d.id)).toEqual(['notes/tool/upload']);
    mendStore();
    expect(await queue.decide({ kind: 'toolChange', id: 'notes/tool/upload', answer: { decision: 'refuse' } }, 'app')).toEqual({ outcome: 'refused' });
    expect(records.map(({ id, who, outcome }) => ({ id, who, outcome }))).toEqual([{ id: 'notes/tool/upload', who: 'app', outcome: 'refused' }]);
  });

  it('records nothing through reviewChanges, and forgets who tried: a later decision is not put in their name', async () => {
    const { pins, queue, records, api, breakStore, mendStore, settle } = await heldUpload();
    breakStore();
    await expect(api.reviewChanges({ name: 'notes', decisions: [{ kind: 'tool', name: 'upload', decision: 'refuse' }] }, 'terminal')).rejects.toThrow('were not kept');
    await settle();
    expect(records).toEqual([]);
    expect(queue.list().map((d) => d.id)).toEqual(['notes/tool/upload']);
    // Decided where no one is named (the pins themselves): the record does not say the terminal did it.
    mendStore();
    await pins.decide('notes', [{ kind: 'tool', name: 'upload', decision: 'accept' }]);
    await settle();
    expect(records.map(({ id, who, outcome }) => ({ id, who, outcome }))).toEqual([{ id: 'notes/tool/upload', who: 'person', outcome: 'accepted' }]);
  });
});

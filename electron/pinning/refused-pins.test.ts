import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResourceInfo, ToolInfo } from '../../shared/api';
import { ToolPins } from './pins';
import { decide, review, type PinState } from './pin-state';

// What the person refused stays refused (fail closed), and is theirs to see and reconsider: accepted
// after all, or forgotten; a refused name the server stops listing is shown as gone, not dropped.
type Item = { name: string; text: string };
const options = (now: number) => ({ key: (i: Item) => i.name, digest: (i: Item) => `${i.name}:${i.text}`.padEnd(64, '0'), acceptNew: false, now });
const item = (name: string, text: string): Item => ({ name, text });

function refusedKeys(): PinState<Item> {
  const first = review(undefined, [item('readme', 'a')], options(1)).next;
  const held = review(first, [item('readme', 'a'), item('keys', 'k')], options(2)).next;
  return decide(held, 'keys', 'refuse', 3) as PinState<Item>;
}

describe('a refused pin', () => {
  it('keeps the definition refused, and marks the name unlisted while the server does not list it; listed again unchanged, still refused', () => {
    const refused = refusedKeys();
    expect(refused.refusedDefs).toEqual({ keys: { digest: expect.any(String) as unknown, def: item('keys', 'k'), at: 3 } });
    const gone = review(refused, [item('readme', 'a')], options(4));
    expect(gone.changed).toBe(true);
    expect(gone.heldChanged).toBe(true);
    expect(gone.next.unlisted).toEqual({ keys: 4 });
    expect(gone.next.refused['keys']).toHaveLength(1);
    // Listed again as refused: still kept from agents, no longer unlisted, nothing held.
    const back = review(gone.next, [item('readme', 'a'), item('keys', 'k')], options(5));
    expect(back.visible.map((i) => i.name)).toEqual(['readme']);
    expect(back.next.unlisted).toBeUndefined();
    expect(back.next.held).toEqual({});
    expect(review(back.next, [item('readme', 'a'), item('keys', 'k')], options(6)).changed).toBe(false);
  });

  it('is accepted after all as it was refused, or forgotten: listed again, it is held again', () => {
    const refused = refusedKeys();
    const accepted = decide(refused, 'keys', 'accept', 7) as PinState<Item>;
    expect(accepted.approved['keys']).toMatchObject({ def: item('keys', 'k'), at: 7 });
    expect(accepted.refused).toEqual({});
    expect(accepted.refusedDefs).toEqual({});
    expect(review(accepted, [item('readme', 'a'), item('keys', 'k')], options(8)).visible.map((i) => i.name)).toEqual(['readme', 'keys']);

    const gone = review(refused, [item('readme', 'a')], options(4)).next;
    const forgotten = decide(gone, 'keys', 'forget', 9) as PinState<Item>;
    expect(forgotten.refused).toEqual({});
    expect(forgotten.unlisted).toEqual({});
    const listedAgain = review(forgotten, [item('readme', 'a'), item('keys', 'k')], options(10));
    expect(listedAgain.visible.map((i) => i.name)).toEqual(['readme']);
    expect(Object.keys(listedAgain.next.held)).toEqual(['keys']);
    // Nothing of that name refused: nothing to accept after all or forget, and refuse needs a held one.
    expect(decide(forgotten, 'keys', 'forget', 11)).toBeUndefined();
    expect(decide(forgotten, 'keys', 'accept', 11)).toBeUndefined();
    expect(decide(refused, 'keys', 'refuse', 11)).toBeUndefined();
  });

  it('refused in a file written before definitions were kept: forgotten, never accepted blind', () => {
    const old: PinState<Item> = { approved: {}, held: {}, refused: { keys: ['f'.repeat(64)] } };
    expect(decide(old, 'keys', 'accept', 1)).toBeUndefined();
    expect(decide(old, 'keys', 'forget', 1)?.refused).toEqual({});
  });
});

describe('ToolPins: what the person refused', () => {
  const resource = (uri: string, description: string): ResourceInfo => ({ server: 'notes', uri, name: uri.slice(8), description });
  const tool: ToolInfo = { server: 'notes', name: 'search', description: 'Search.', inputSchema: { type: 'object' } };
  const listing = (...resources: ResourceInfo[]) => ({ tools: [tool], prompts: [], resources, templates: [] });

  it('lists a refused resource, listed or no longer, keeps refusing its read, and takes it back when the person accepts it', async () => {
    let now = 1;
    const pins = new ToolPins({ dir: join(mkdtempSync(join(tmpdir(), 'cs-pins-refused-')), 'pins'), acceptNew: () => false, now: () => now });
    const readme = resource('notes://readme', 'How notes are kept.');
    const keys = resource('notes://keys', 'Every key.');
    await pins.review('notes', listing(readme));
    await pins.review('notes', listing(readme, keys));
    now = 2;
    await pins.decide('notes', [{ kind: 'resource', name: 'notes://keys', decision: 'refuse' }]);
    expect(await pins.refused('notes')).toEqual([{ server: 'notes', kind: 'resource', name: 'notes://keys', listed: true, refusedAt: 2, description: 'Every key.', canAccept: true, digest: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown, changed: false }]);
    now = 3;
    const held: string[] = [];
    pins.on('held', ({ server }) => held.push(server));
    await pins.review('notes', listing(readme));
    expect(held).toEqual(['notes']);
    expect(await pins.refused('notes')).toMatchObject([{ name: 'notes://keys', listed: false, unlistedSince: 3 }]);
    expect(await pins.withheldResource('notes', 'notes://keys')).toBe('refused');
    expect(await pins.held('notes')).toEqual([]);

    await expect(pins.decide('notes', [{ kind: 'resource', name: 'notes://readme', decision: 'forget' }])).rejects.toThrow('No refused resource "notes://readme" of "notes" is kept.');
    // Not listed: nothing to accept, and nothing changes.
    await expect(pins.decide('notes', [{ kind: 'resource', name: 'notes://keys', decision: 'accept' }])).rejects.toMatchObject({ code: 'invalid_input', data: { changedSince: 'unlisted' } });
    expect(await pins.withheldResource('notes', 'notes://keys')).toBe('refused');
    // Listed again as refused: still refused, and now accepted after all.
    await pins.review('notes', listing(readme, keys));
    expect(await pins.withheldResource('notes', 'notes://keys')).toBe('refused');
    await pins.decide('notes', [{ kind: 'resource', name: 'notes://keys', decision: 'accept' }]);
    expect(await pins.refused('notes')).toEqual([]);
    expect(await pins.withheldResource('notes', 'notes://keys')).toBeUndefined();
    expect((await pins.review('notes', listing(readme, keys))).resources?.map((r) => r.uri)).toEqual(['notes://readme', 'notes://keys']);
    await pins.flush();
  });

  it('keeps what was refused across a restart (read back from its file)', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'cs-pins-refused-')), 'pins');
    const pins = new ToolPins({ dir, acceptNew: () => false, now: () => 5 });
    await pins.review('notes', listing());
    await pins.review('notes', listing(resource('notes://keys', 'Every key.')));
    await pins.decide('notes', [{ kind: 'resource', name: 'notes://keys', decision: 'refuse' }]);
    await pins.review('notes', listing());
    await pins.flush();
    const again = new ToolPins({ dir, acceptNew: () => false, now: () => 6 });
    expect(await again.refused('notes')).toEqual([
      { server: 'notes', kind: 'resource', name: 'notes://keys', listed: false, unlistedSince: 5, refusedAt: 5, description: 'Every key.', canAccept: true, digest: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown, changed: false },
    ]);
  });
});

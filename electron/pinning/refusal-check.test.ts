import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../shared/api';
import { decide, review, type PinState } from './pin-state';
import { ToolPins } from './pins';
import { decisionDrift } from './refusal-check';

// A refusal accepted after all approves what the server lists now, never an older text it stopped
// listing; a decision names the definition the person saw, and fails if it changed since.
type Item = { name: string; text: string };
const key = (i: Item): string => i.name;
const digest = (i: Item): string => `${i.name}:${i.text}`.padEnd(64, '0');
const options = { key, digest, acceptNew: false, now: 1 };
const item = (name: string, text: string): Item => ({ name, text });

/** `keys` (text `k`) refused, as the server listed it. */
function refusedKeys(): PinState<Item> {
  const first = review(undefined, [item('readme', 'a')], options).next;
  const held = review(first, [item('readme', 'a'), item('keys', 'k')], options).next;
  return decide(held, 'keys', 'refuse', 2) as PinState<Item>;
}

describe('whether a decision still holds', () => {
  const accept = { kind: 'tool', name: 'keys', decision: 'accept' } as const;

  it('accepts a refusal only while the listing carries exactly the refused definition', () => {
    const refused = refusedKeys();
    const listedSame = review(refused, [item('readme', 'a'), item('keys', 'k')], options);
    expect(listedSame.listedRefused.get('keys')).toBe(digest(item('keys', 'k')));
    expect(decisionDrift(listedSame.next, accept, listedSame.listedRefused.get('keys'))).toBeUndefined();
    expect(decisionDrift(listedSame.next, { ...accept, digest: digest(item('keys', 'k')) }, digest(item('keys', 'k')))).toBeUndefined();

    const gone = review(refused, [item('readme', 'a')], options);
    expect(gone.listedRefused.has('keys')).toBe(false);
    expect(decisionDrift(gone.next, accept, undefined)).toBe('unlisted');

    // Listed changed: the new one waits, and the refused one is not what the server lists.
    const changed = review(refused, [item('readme', 'a'), item('keys', 'k2')], options);
    expect(decisionDrift(changed.next, { ...accept, digest: digest(item('keys', 'k')) }, changed.listedRefused.get('keys'))).toBe('listed-changed');
    // The same name without a digest is the held one, accepted as it is now.
    expect(decisionDrift(changed.next, accept, changed.listedRefused.get('keys'))).toBeUndefined();
    expect(decisionDrift(changed.next, { ...accept, digest: digest(item('keys', 'k3')) }, changed.listedRefused.get('keys'))).toBe('seen-changed');
  });

  it('refuses accepting a refusal that is no longer the one the person saw', () => {
    const refused = refusedKeys();
    const listed = review(refused, [item('readme', 'a'), item('keys', 'k')], options);
    expect(decisionDrift(listed.next, { ...accept, digest: 'f'.repeat(64) }, listed.listedRefused.get('keys'))).toBe('refused-again');
    expect(decisionDrift(listed.next, { ...accept, decision: 'forget', digest: 'f'.repeat(64) }, undefined)).toBeUndefined();
  });
});

describe('ToolPins: accepting a refusal after all', () => {
  const tool = (name: string, description: string): ToolInfo => ({ server: 'notes', name, description, inputSchema: { type: 'object' } });
  const listing = (...tools: ToolInfo[]) => ({ tools, prompts: [] });
  const search = tool('search', 'Search.');

  it('pins the refused tool while listed unchanged; once the server lists another, says so and keeps it refused', async () => {
    const pins = new ToolPins({ dir: join(mkdtempSync(join(tmpdir(), 'cs-pins-accept-refused-')), 'pins'), acceptNew: () => false, now: () => 1 });
    await pins.review('notes', listing(search));
    await pins.review('notes', listing(search, tool('purge', 'Deletes a note.')));
    await pins.decide('notes', [{ kind: 'tool', name: 'purge', decision: 'refuse' }]);
    const [refused] = await pins.refused('notes');
    expect(refused).toMatchObject({ name: 'purge', listed: true, canAccept: true, changed: false });

    // The server changes it: the new one waits, the refusal is shown changed, and accepting it fails.
    await pins.review('notes', listing(search, tool('purge', 'Deletes every note.')));
    expect(await pins.refused('notes')).toMatchObject([{ name: 'purge', changed: true }]);
    const error: unknown = await pins.decide('notes', [{ kind: 'tool', name: 'purge', decision: 'accept', ...(refused?.digest !== undefined ? { digest: refused.digest } : {}) }]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'invalid_input', data: { changedSince: 'listed-changed' } });
    expect((error as Error).message).toContain('"notes" now lists another definition of the tool "purge" than the one you refused');
    expect((await pins.review('notes', listing(search, tool('purge', 'Deletes every note.')))).tools.map((t) => t.name)).toEqual(['search']);
    expect((await pins.held('notes')).map((h) => h.name)).toEqual(['purge']);

    // Back to the refused text: accepted after all, and agents see it.
    await pins.review('notes', listing(search, tool('purge', 'Deletes a note.')));
    expect(await pins.refused('notes')).toMatchObject([{ name: 'purge', changed: false }]);
    await pins.decide('notes', [{ kind: 'tool', name: 'purge', decision: 'accept', ...(refused?.digest !== undefined ? { digest: refused.digest } : {}) }]);
    expect(await pins.refused('notes')).toEqual([]);
    expect((await pins.review('notes', listing(search, tool('purge', 'Deletes a note.')))).tools.map((t) => t.description)).toEqual(['Search.', 'Deletes a note.']);
    await pins.flush();
  });

  it('refuses a held change that is no longer the one the person saw, deciding none of the others', async () => {
    const pins = new ToolPins({ dir: join(mkdtempSync(join(tmpdir(), 'cs-pins-seen-')), 'pins'), acceptNew: () => false, now: () => 1 });
    await pins.review('notes', listing(search));
    await pins.review('notes', listing(search, tool('purge', 'Deletes a note.'), tool('tag', 'Tags.')));
    const seen = (await pins.held('notes')).find((h) => h.name === 'purge')?.digest;
    await pins.review('notes', listing(search, tool('purge', 'Deletes every note.'), tool('tag', 'Tags.')));
    const decisions = [
      { kind: 'tool', name: 'tag', decision: 'accept' },
      { kind: 'tool', name: 'purge', decision: 'accept', ...(seen !== undefined ? { digest: seen } : {}) },
    ] as const;
    await expect(pins.decide('notes', decisions)).rejects.toMatchObject({ code: 'invalid_input', data: { changedSince: 'seen-changed' } });
    expect((await pins.held('notes')).map((h) => h.name).sort()).toEqual(['purge', 'tag']);
  });
});

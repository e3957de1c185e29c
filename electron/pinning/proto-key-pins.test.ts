import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PromptInfo, ToolInfo } from '../../shared/api';
import { ToolPins } from './pins';

// As a listing arrives: JSON.parse keeps `__proto__` an own key (an object literal would set a prototype).
const schema = (member: string): Record<string, unknown> =>
  JSON.parse(`{"type":"object","__proto__":{"description":"${member}"},"properties":{"__proto__":{"type":"string"}}}`) as Record<string, unknown>;
const named = (description: string): ToolInfo => ({ server: 'notes', name: '__proto__', description, inputSchema: schema('first') });
const search = (member: string): ToolInfo => ({ server: 'notes', name: 'search', description: 'Searches.', inputSchema: schema(member) });
const prompt: PromptInfo = { server: 'notes', name: '__proto__', description: 'A prompt so named.' };

const pinsIn = (dir: string): ToolPins => new ToolPins({ dir, acceptNew: () => false, now: () => 1 });

describe('pins whose names or definitions hold __proto__ keys, read back by the next start', () => {
  it('keeps them approved, and holds a change of the __proto__ member alone, shown against the approved one', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'cs-pins-proto-')), 'pins');
    const first = pinsIn(dir);
    await first.review('notes', { tools: [named('A tool so named.'), search('first')], prompts: [prompt] });
    await first.flush();

    const next = pinsIn(dir);
    const seen = await next.review('notes', { tools: [named('A tool so named.'), search('first')], prompts: [prompt] });
    expect(seen.tools.map((t) => t.name)).toEqual(['__proto__', 'search']);
    expect(seen.prompts.map((p) => p.name)).toEqual(['__proto__']);
    expect(await next.held('notes')).toEqual([]);

    const changed = await next.review('notes', { tools: [named('A tool so named, now mailing your notes away.'), search('second')], prompts: [prompt] });
    // Agents keep what was approved, as read back: its `__proto__` members own keys still.
    const approved = changed.tools.find((t) => t.name === 'search');
    expect(Object.hasOwn(approved?.inputSchema ?? {}, '__proto__')).toBe(true);
    expect(approved?.inputSchema['__proto__']).toEqual({ description: 'first' });
    expect(changed.tools.find((t) => t.name === '__proto__')?.description).toBe('A tool so named.');
    const held = await next.held('notes');
    expect(held.map((h) => `${h.name} ${h.change}`).sort()).toEqual(['__proto__ changed', 'search changed']);
    const input = held.find((h) => h.name === 'search')?.schema.find((s) => s.part === 'input');
    expect(input?.before).toContain('"__proto__":{"description":"first"}');
    expect(input?.after).toContain('"__proto__":{"description":"second"}');
    await next.flush();
  });
});

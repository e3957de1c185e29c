import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PromptInfo, ToolInfo } from '../../shared/api';
import { ToolPins } from './pins';

const tool: ToolInfo = { server: 'notes', name: 'fetch', description: 'Fetches a URL.', inputSchema: { type: 'object' } };
const prompt: PromptInfo = { server: 'notes', name: 'greet', description: 'Greets.' };

describe('pins a listing could not write fail closed', () => {
  it('a first sight whose pins are not on disk reaches no agent: every name waits for the person', async () => {
    // The pins folder is a link to nowhere: no pin file is read (a first sight), and none can be written.
    const root = mkdtempSync(join(tmpdir(), 'cs-pins-unwritten-'));
    symlinkSync(join(root, 'gone', 'pins'), join(root, 'pins'));
    const log: string[] = [];
    const store = new ToolPins({ dir: join(root, 'pins'), acceptNew: () => true, now: () => 1, log: (line) => void log.push(line) });
    const seen = await store.review('notes', { tools: [tool], prompts: [prompt] });
    expect(seen.tools).toEqual([]);
    expect(seen.prompts).toEqual([]);
    expect((await store.held('notes')).map((h) => `${h.kind} ${h.name} ${h.change}`).sort()).toEqual(['prompt greet added', 'tool fetch added']);
    expect(log.join('\n')).toContain('its pinned tools could not be written');
    // The next listing too, under acceptNewTools, while the pins are not the person's.
    expect((await store.review('notes', { tools: [tool], prompts: [prompt] })).tools).toEqual([]);
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../shared/api';
import { digestOf, toolMaterial } from './digest';
import { PIN_FILE_VERSION } from './pin-file';
import { ToolPins } from './pins';

// Pins written before a tool's MCP App (`_meta.ui`) counted hashed the tool without it. A tool with
// no app hashes the same now, so its pin holds; a tool with one is asked about again, once.
const search: ToolInfo = { server: 'notes', name: 'search', description: 'Search.', inputSchema: { type: 'object' } };
const view: ToolInfo = { server: 'notes', name: 'view', description: 'Shows notes.', inputSchema: { type: 'object' } };
const withApp: ToolInfo = { ...view, app: { resourceUri: 'ui://notes/view.html', visibility: ['model', 'app'] } };

/** A pin file as an earlier version wrote it: each tool's digest of what it hashed then (no app). */
function pinsBeforeApps(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'cs-pins-upgrade-')), 'pins');
  mkdirSync(dir);
  const pinned = (tool: ToolInfo) => ({ digest: digestOf(toolMaterial(tool)), def: tool, at: 1 });
  const file = { version: PIN_FILE_VERSION, server: 'notes', tools: { approved: { search: pinned(search), view: pinned(view) }, held: {}, refused: {} }, prompts: { approved: {}, held: {}, refused: {} } };
  writeFileSync(join(dir, 'notes.json'), JSON.stringify(file));
  return dir;
}

describe('pins written before tools’ apps were pinned', () => {
  it('keep an app-less tool approved, and hold a tool with an app as changed (its app shown) until the person decides', async () => {
    const pins = new ToolPins({ dir: pinsBeforeApps(), acceptNew: () => false, now: () => 2 });
    const seen = await pins.review('notes', { tools: [search, withApp], prompts: [] });
    // The approved definition (without its app) stays what agents see until then.
    expect(seen.tools).toEqual([search, view]);
    const held = await pins.held('notes');
    expect(held.map((h) => `${h.name} ${h.change}`)).toEqual(['view changed']);
    expect(held[0]?.schema).toEqual([expect.objectContaining({ part: 'app', change: 'added' })]);
    await pins.decide('notes', [{ kind: 'tool', name: 'view', decision: 'accept' }]);
    expect((await pins.review('notes', { tools: [search, withApp], prompts: [] })).tools).toEqual([search, withApp]);
    await pins.flush();
  });
});

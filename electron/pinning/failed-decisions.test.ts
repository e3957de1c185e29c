import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PinDecision, ToolInfo } from '../../shared/api';
import { ToolPins } from './pins';

const tool = (name: string): ToolInfo => ({ server: 'notes', name, description: `${name}.`, inputSchema: { type: 'object' } });

/** Pins with `upload` held, whose folder then becomes a file: every write after fails. */
async function heldThenUnwritable(): Promise<{ pins: ToolPins; reviewed: PinDecision[][]; lines: string[] }> {
  const dir = join(mkdtempSync(join(tmpdir(), 'cs-pins-failing-')), 'pins');
  const lines: string[] = [];
  const pins = new ToolPins({ dir, acceptNew: () => false, now: () => 1, log: (line) => lines.push(line) });
  await pins.review('notes', { tools: [tool('search')], prompts: [] });
  await pins.review('notes', { tools: [tool('search'), tool('upload')], prompts: [] });
  await pins.flush();
  rmSync(dir, { recursive: true });
  writeFileSync(dir, 'not a folder');
  const reviewed: PinDecision[][] = [];
  pins.on('reviewed', ({ decisions }) => reviewed.push([...decisions]));
  return { pins, reviewed, lines };
}

describe('a decision whose pin file cannot be written', () => {
  it('fails saying so, keeps the change waiting, and tells no one it was decided', async () => {
    const { pins, reviewed } = await heldThenUnwritable();
    const error: unknown = await pins.decide('notes', [{ kind: 'tool', name: 'upload', decision: 'accept' }]).catch((e: unknown) => e);
    // The folder is a file: the person's to move away, not a fault of ours (`internal`).
    expect(error).toMatchObject({ code: 'invalid_config' });
    const { message, hint } = error as { message: string; hint?: string };
    expect(message).toContain('Your decisions on "notes" were not kept: its pin file could not be written (it is a file, not a folder)');
    expect(hint).toMatch(/^Move the file at .*pins away \(the pins folder is made again\), then decide again\.$/);
    expect(reviewed).toEqual([]);
    expect((await pins.held('notes')).map((h) => h.name)).toEqual(['upload']);
    // Agents still do not see it: the listing reviewed next holds it as before.
    const seen = await pins.review('notes', { tools: [tool('search'), tool('upload')], prompts: [] });
    expect(seen.tools.map((t) => t.name)).toEqual(['search']);
  });
});

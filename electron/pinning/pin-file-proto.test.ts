import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pinFile, readPins } from './pin-file';

const DIGEST = 'a'.repeat(64);

function pinsWith(approved: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'cs-pin-proto-')), 'pins');
  mkdirSync(dir);
  const empty = '{"approved":{},"held":{},"refused":{}}';
  writeFileSync(pinFile(dir, 'notes'), `{"version":1,"server":"notes","tools":{"approved":${approved},"held":{},"refused":{"__proto__":["${DIGEST}"]}},"prompts":${empty}}`);
  return dir;
}

describe('readPins: a pin file keyed __proto__', () => {
  it('reads an entry so named as any other', async () => {
    const dir = pinsWith(`{"__proto__":{"digest":"${DIGEST}","def":{"server":"notes","name":"__proto__","inputSchema":{"type":"object"}},"at":1}}`);
    const read = await readPins(dir, 'notes');
    if (!read.ok) throw new Error(read.reason);
    expect(Object.keys(read.pins.tools.approved)).toEqual(['__proto__']);
    expect(read.pins.tools.refused['__proto__']).toEqual([DIGEST]);
  });

  it('checks it: a malformed entry so named makes the file unreadable, not silently approved', async () => {
    const read = await readPins(pinsWith('{"__proto__":{"digest":"not-a-digest","def":{},"at":"never"}}'), 'notes');
    expect(read.ok).toBe(false);
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type * as PinStateModule from './pin-state';

const built = vi.hoisted(() => ({ count: 0 }));
vi.mock('./pin-state', async (importOriginal) => {
  const real = await importOriginal<typeof PinStateModule>();
  return {
    ...real,
    pinStateSchema: (...args: Parameters<typeof real.pinStateSchema>) => {
      built.count++;
      return real.pinStateSchema(...args);
    },
  };
});

// `serve` reads pin files already checked without their schema: building it at import was most of the schemas built before health.
describe('the pin file schema', () => {
  it('is built at the first pin file walked, not when the module loads', async () => {
    const { pinFile, readPins } = await import('./pin-file');
    expect(built.count).toBe(0);

    const dir = join(mkdtempSync(join(tmpdir(), 'cs-pin-lazy-')), 'pins');
    mkdirSync(dir);
    const empty = '{"approved":{},"held":{},"refused":{}}';
    writeFileSync(pinFile(dir, 'notes'), `{"version":1,"server":"notes","tools":${empty},"prompts":${empty}}`);
    const read = await readPins(dir, 'notes');
    expect(read.ok).toBe(true);
    expect(built.count).toBe(4);
    await readPins(dir, 'notes');
    expect(built.count).toBe(4);
  });
});

import { describe, expect, it } from 'vitest';
import { runNode } from '../../test/support/cli';
import { HOLD_YOUNG_GENERATION_FLAG, holdYoungGeneration } from './young-generation';

const moduleUrl = new URL('./young-generation.ts', import.meta.url).href;

// A fresh process (V8 flags are per process): the young generation's size before and after an
// allocation pattern that makes V8 grow it (short-lived objects, some surviving a few collections).
const script = `
import { getHeapSpaceStatistics } from 'node:v8';
import { holdYoungGeneration } from ${JSON.stringify(moduleUrl)};
const young = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size;
if (process.env.HOLD === '1') holdYoungGeneration();
const before = young();
let keep = [];
for (let i = 0; i < 600000; i++) { keep.push({ i, text: 'x' + i }); if (keep.length > 50000) keep = []; }
console.log(JSON.stringify({ before, after: young(), kept: keep.length }));
`;

async function youngSizes(hold: boolean): Promise<{ before: number; after: number }> {
  const { code, stdout, stderr } = await runNode(['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, HOLD: hold ? '1' : '0' },
    what: 'the young-generation probe',
  });
  expect(stderr).toBe('');
  expect(code).toBe(0);
  return JSON.parse(stdout) as { before: number; after: number };
}

describe('holdYoungGeneration', () => {
  it('sets the one V8 flag that stops the young generation from growing', () => {
    const flags: string[] = [];
    holdYoungGeneration((flag) => flags.push(flag));
    expect(flags).toEqual([HOLD_YOUNG_GENERATION_FLAG]);
  });

  it('keeps the young generation at its size under allocation that grows it otherwise', async () => {
    const grown = await youngSizes(false);
    expect(grown.after).toBeGreaterThan(grown.before);
    const held = await youngSizes(true);
    expect(held.after).toBeLessThanOrEqual(held.before);
  }, 60_000);
});

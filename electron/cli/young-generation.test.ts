import { describe, expect, it } from 'vitest';
import { runNode } from '../../test/support/cli';
import { GROW_YOUNG_GENERATION_FLAG, HOLD_YOUNG_GENERATION_FLAG, holdYoungGeneration, regrowYoungGeneration } from './young-generation';

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

describe('regrowYoungGeneration', () => {
  function harness(size: number) {
    let young = size;
    const flags: string[] = [];
    const timers = new Map<number, () => void>();
    let next = 0;
    const options = {
      youngSize: () => young,
      setFlags: (flag: string) => flags.push(flag),
      setTimer: (run: () => void) => {
        timers.set(++next, run);
        return next;
      },
      clearTimer: (timer: unknown) => timers.delete(timer as number),
    };
    return {
      options,
      flags,
      grow: (to: number) => (young = to),
      tick: () => [...timers.values()].forEach((run) => run()),
      timers: () => timers.size,
    };
  }

  it('lets the shrunk young generation grow back to its size at ready, then holds it there', () => {
    const h = harness(1);
    regrowYoungGeneration(8, h.options);
    expect(h.flags).toEqual([GROW_YOUNG_GENERATION_FLAG]);
    h.grow(4);
    h.tick();
    expect(h.flags).toEqual([GROW_YOUNG_GENERATION_FLAG]);
    h.grow(8);
    h.tick();
    expect(h.flags).toEqual([GROW_YOUNG_GENERATION_FLAG, HOLD_YOUNG_GENERATION_FLAG]);
    expect(h.timers()).toBe(0);
  });

  it('changes nothing when the young generation is not below that size, and stops when cancelled', () => {
    const full = harness(8);
    regrowYoungGeneration(8, full.options);
    expect(full.flags).toEqual([]);
    expect(full.timers()).toBe(0);
    const cancelled = harness(1);
    regrowYoungGeneration(8, cancelled.options)();
    expect(cancelled.timers()).toBe(0);
  });
});

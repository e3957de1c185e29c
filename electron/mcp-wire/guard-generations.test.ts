import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Why createMcpHandler's path promotes a 2026-07-28 request's objects where the lane does not
// (electron/bridge/modern-handler-generations.test.ts; docs/bridge.md §Speed of the two eras): the
// SDK classifies and dispatches each message with JSON-RPC guards (`isJSONRPCResultResponse`, …),
// each a zod `safeParse(…).success`. A failed safeParse returns its error as a getter whose closure
// holds the issues, and so the value parsed, until the error is read; an object's own getter keeps
// what its closure holds through young collections (Node 20), so every message a guard rejects is
// promoted with its body. Measured in a plain node process (the fixture says why) as the old
// generation's growth over young collections only, 2,000 values of about 4 KB (8 MB) through each use.
const FIXTURE = join(__dirname, '../../test/fixtures/generations/guard-promotion.mjs');

interface Figures {
  guards: number;
  failed: number;
  failedRead: number;
  passed: number;
  getter: number;
  closure: number;
}

function measure(): Figures {
  // No allocation site moved to the old generation by an earlier measurement's survivors.
  const line = execFileSync(process.execPath, ['--expose-gc', '--no-allocation-site-pretenuring', FIXTURE], { encoding: 'utf8', timeout: 60_000 });
  return JSON.parse(line) as Figures;
}

describe('the SDK’s JSON-RPC guards across young collections', () => {
  it('keep the messages they reject, with what the messages hold; a failed zod safeParse does, a getter’s closure does', () => {
    const figures = measure();
    // About every request's argument (~21 MB on Node 20, the guards rejecting each twice); if the SDK
    // or zod stops doing so, measure createMcpHandler's path again (modern-handler-generations.test.ts).
    expect(figures.guards).toBeGreaterThan(4_000_000);
    expect(figures.failed).toBeGreaterThan(4_000_000);
    // Its error read, the closure lets the value go; a parse that passed keeps nothing.
    expect(figures.failedRead).toBeLessThan(2_000_000);
    expect(figures.passed).toBeLessThan(1_000_000);
    // The same with a getter of our own, and not with a plain closure.
    expect(figures.getter).toBeGreaterThan(4_000_000);
    expect(figures.closure).toBeLessThan(500_000);
  }, 90_000);
});

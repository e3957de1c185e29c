import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runNode } from '../support/cli';
import { tsEntry } from '../support/ts-entry';

const SCRIPT = fileURLToPath(new URL('../fixtures/net/timeout-under-gc.ts', import.meta.url));

/**
 * Review: on Node 20 an `AbortSignal.timeout` held only inside `AbortSignal.any` can be collected and
 * never fire (a request then runs as long as the server likes). The auth timeout is a timer the
 * request holds: it fires with the collector running all along.
 */
describe('an auth request’s timeout under garbage collection', () => {
  it('fires', async () => {
    const run = await runNode(['--expose-gc', ...tsEntry(SCRIPT)], { timeoutMs: 30_000, env: { ...process.env, NODE_OPTIONS: '' } });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('timeout');
  }, 40_000);
});

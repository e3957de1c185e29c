import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runInSecretService } from '../support/secret-service';

const HELPER = fileURLToPath(new URL('../../dist/shell-keychain.cjs', import.meta.url));

describe('the desktop keychain helper (utility-process entry) with a real Secret Service', () => {
  it('stores, reads and deletes the vault key through @napi-rs/keyring, one helper process per operation', async () => {
    // Built by `npm run build` (the test run's global setup): the very file the packaged app forks.
    expect(existsSync(HELPER)).toBe(true);
    const run = await runInSecretService([{ script: 'test/integration/shell-keychain-session.ts', args: [HELPER] }]);
    const step = run.steps[0];
    if (!step || step.code !== 0) throw new Error(`the step failed (${String(step?.code)}): ${step?.stderr ?? ''}\n${run.daemonLog}`);
    expect(JSON.parse(step.stdout)).toEqual({
      set: { ok: true, value: null },
      get: { ok: true, value: 'c2hlbGwta2V5Y2hhaW4tdGVzdA==' },
      delete: { ok: true, value: 'true' },
      after: { ok: true, value: null },
    });
  }, 40_000);
});

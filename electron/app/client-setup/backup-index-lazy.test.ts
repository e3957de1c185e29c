import { describe, expect, it } from 'vitest';
import { schemasBuiltBy } from '../../../test/support/schemas-built';

// No client is connected before `serve` answers health: these were built at import (docs/benchmarks.md).
describe('the backup index schema', () => {
  it('is not built when the module loads', async () => {
    const file = 'electron/app/client-setup/backup-index.ts';
    const built = await schemasBuiltBy([file], () => import('./backup-index'));
    expect(built.get(file)).toBe(0);
  });
});

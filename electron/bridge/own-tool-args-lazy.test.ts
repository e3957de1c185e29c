import { describe, expect, it } from 'vitest';
import { schemasBuiltBy } from '../../test/support/schemas-built';

// No agent calls before `serve` answers health: these were built at import (docs/benchmarks.md).
describe('the arguments of the bridge’s own tools', () => {
  it('are not built when the modules load', async () => {
    const files = ['electron/bridge/search-call.ts', 'electron/bridge/resource-tools.ts'];
    const built = await schemasBuiltBy(files, () => Promise.all([import('./search-call'), import('./resource-tools')]));
    expect(Object.fromEntries(built)).toEqual({ 'electron/bridge/search-call.ts': 0, 'electron/bridge/resource-tools.ts': 0 });
  });
});

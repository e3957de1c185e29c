import { describe, expect, it } from 'vitest';
import { schemasBuiltBy } from '../../test/support/schemas-built';

const FILE = 'electron/mcp-apps/ui-meta.ts';

// No app resource is read before `serve` answers health (docs/benchmarks.md).
describe('an app resource’s ui meta schema', () => {
  it('is built at the first resource read, not when the module loads', async () => {
    // The tool's ui meta schema (14 with its checks) is read with every listing, so it is built at import.
    const atImport = await schemasBuiltBy([FILE], () => import('./ui-meta'));
    expect(atImport.get(FILE)).toBe(14);
    const { resourceApp } = await import('./ui-meta');
    const atRead = await schemasBuiltBy([FILE], () => resourceApp({ ui: { prefersBorder: true } }));
    expect(atRead.get(FILE)).toBe(22);
    expect(resourceApp({ ui: { prefersBorder: true } })).toEqual({ prefersBorder: true });
  });
});

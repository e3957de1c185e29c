import { describe, expect, it } from 'vitest';
import { schemasBuiltBy } from '../../test/support/schemas-built';

// Each was built at import and is not used before `serve` answers health (docs/benchmarks.md).
const LATER = ['electron/pinning/pin-file.ts', 'electron/bridge/search-call.ts', 'electron/bridge/resource-tools.ts', 'electron/app/client-setup/backup-index.ts', 'electron/mcp-apps/ui-meta.ts'];

describe('modules on serve’s start path', () => {
  it('build at import none of the schemas only a later call uses', async () => {
    const built = await schemasBuiltBy(LATER, () =>
      Promise.all([import('../pinning/pin-file'), import('../bridge/search-call'), import('../bridge/resource-tools'), import('../app/client-setup/backup-index'), import('../mcp-apps/ui-meta')]),
    );
    // pin-file's wrapper (three) and ui-meta's tool schema, read with every listing, stay built at import.
    expect(Object.fromEntries(built)).toEqual({ ...Object.fromEntries(LATER.map((file) => [file, 0])), 'electron/pinning/pin-file.ts': 3, 'electron/mcp-apps/ui-meta.ts': 14 });
  });

  it('build them at their first use', async () => {
    const { resourceApp } = await import('../mcp-apps/ui-meta');
    const built = await schemasBuiltBy(['electron/mcp-apps/ui-meta.ts'], () => resourceApp({ ui: { prefersBorder: true } }));
    expect(built.get('electron/mcp-apps/ui-meta.ts')).toBeGreaterThan(0);
  });
});

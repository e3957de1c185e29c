import { describe, expect, it } from 'vitest';
import { CATALOG, planCatalogServer } from '.';

const filesystem = () => {
  const found = CATALOG.find((entry) => entry.id === 'filesystem');
  if (found === undefined) throw new Error('the catalog has no filesystem entry');
  return found;
};

// "notes" was taken as the Filesystem server's folder: the program resolves it against its own
// working folder, the app's, so it reached a folder the person never named.
describe("a catalog input that is a path the program resolves (Filesystem's allowed folder)", () => {
  it('refuses a relative path or ~, saying to give the whole path', () => {
    for (const folder of ['notes', '~/notes', './notes']) {
      expect(() => planCatalogServer(filesystem(), 'fs', { values: { folder } }), folder).toThrow(`Allowed folder must be an absolute path, not "${folder}"`);
    }
  });

  it('takes an absolute path on POSIX and Windows, as the argument', () => {
    for (const folder of ['/home/you/notes', 'C:\\Users\\you\\notes', '\\\\server\\share']) {
      expect(planCatalogServer(filesystem(), 'fs', { values: { folder } }).config).toMatchObject({ args: ['-y', '@modelcontextprotocol/server-filesystem', folder] });
    }
  });
});

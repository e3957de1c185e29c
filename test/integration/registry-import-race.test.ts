import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openRegistry, type Registry, type SecretSink } from '../../electron/registry';
import { editConfigFile } from '../../electron/registry/config-file';
import { FileLock } from '../../electron/fs-safe';

const fixtures = fileURLToPath(new URL('../fixtures/import', import.meta.url));

/**
 * Another writer adding a server while an import moves a secret: it is forced into that very moment
 * (the first store of a secret), and takes mcp.json's lock the way every edit does, without waiting.
 */
describe('registry: an import against another writer of mcp.json', () => {
  let root = '';
  let registry: Registry | undefined;

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cs-import-race-'));
    await writeFile(path.join(root, 'mcp.json'), JSON.stringify({ mcpServers: {} }));
  });
  afterEach(async () => {
    await registry?.close();
    await rm(root, { recursive: true, force: true });
  });

  /** The registry of this test's folder, its secrets handed to `secretSink`. */
  const openWithSink = (secretSink: SecretSink): Promise<Registry> =>
    openRegistry({ dataDir: root, homeDir: path.join(fixtures, 'home'), cwd: root, platform: 'linux', env: {}, secretSink });

  for (const other of ['github', 'GitHub']) {
    it(`leaves no moved secret behind when "${other}" is added between the import's read and its write`, async () => {
      const source = path.join(root, 'cursor.json');
      await writeFile(source, JSON.stringify({ mcpServers: { github: { command: 'docker', env: { GITHUB_TOKEN: 'ghp_R4ceT0kenAbcdefghijklmnopqrstuvwx12' } } } }));
      const file = path.join(root, 'mcp.json');
      const stored = new Map<string, string>();
      const attempts: string[] = [];
      registry = await openWithSink(async (server, name, value) => {
          if (attempts.length === 0) {
            const lock = new FileLock(file, { label: 'mcp.json', timeoutMs: 0 });
            const added = await editConfigFile(file, lock, ({ servers }) => {
              servers[other] = { command: 'node', args: ['other.js'] };
            }).then(
              () => 'added',
              (error: unknown) => (error as { code?: string }).code ?? 'failed',
            );
            attempts.push(added);
          }
          stored.set(`${server}/${name}`, value);
          return name;
      });
      const report = await registry.importFrom('cursor', source);
      const servers = (JSON.parse(await readFile(file, 'utf8')) as { mcpServers: Record<string, unknown> }).mcpServers;
      // Each secret moved is read by the entry of the server it moved for.
      expect(stored.size).toBe(1);
      for (const key of stored.keys()) {
        const [server = '', name = ''] = key.split('/');
        expect(JSON.stringify(Object.hasOwn(servers, server) ? servers[server] : null), key).toContain(`\${secret:${name}}`);
      }
      // The other writer waited for the import (its lock was held), so the import added the server its secret moved for.
      expect(attempts).toEqual(['timeout']);
      expect(report.added.map((a) => a.name)).toEqual(['github']);
      expect(Object.keys(servers)).toEqual(['github']);
    });
  }

  it('an ordinary import still moves the secret and adds the server', async () => {
    const source = path.join(root, 'cursor.json');
    await writeFile(source, JSON.stringify({ mcpServers: { github: { command: 'docker', env: { GITHUB_TOKEN: 'ghp_R4ceT0kenAbcdefghijklmnopqrstuvwx12' } } } }));
    const stored: string[] = [];
    registry = await openWithSink((server, name) => (stored.push(`${server}/${name}`), Promise.resolve(name)));
    const report = await registry.importFrom('cursor', source);
    expect(report.added.map((a) => a.name)).toEqual(['github']);
    expect(stored).toEqual(['github/GITHUB_TOKEN']);
    expect(report.secrets).toEqual([{ server: 'github', field: 'env.GITHUB_TOKEN', secret: 'GITHUB_TOKEN' }]);
  });
});

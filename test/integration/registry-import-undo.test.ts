import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { secretKey, type Vault } from '../../shared/vault';
import { openRegistry, type Registry } from '../../electron/registry';
import { openVault } from '../../electron/vault';
import { importedSecretSink } from '../../electron/app/secrets/imported-secret-sink';
import { FAST_SCRYPT } from '../fixtures/vault/util';

const fixtures = fileURLToPath(new URL('../fixtures/import', import.meta.url));
const TOKEN = 'ghp_R0llB4ckT0kenAbcdefghijklmnopqrstu12';

/** The registry and vault of a data folder, wired as the app wires them (open-stores.ts). */
describe('registry: an import that fails or leaves entries out, with the real vault', () => {
  let root = '';
  let registry: Registry | undefined;
  let vault: Vault | undefined;

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cs-import-undo-'));
  });
  afterEach(async () => {
    await registry?.close();
    await vault?.close();
    await rm(root, { recursive: true, force: true });
  });

  async function open(mcp: unknown, beforeStore: () => Promise<void> = () => Promise.resolve()): Promise<{ registry: Registry; vault: Vault }> {
    await writeFile(path.join(root, 'mcp.json'), JSON.stringify(mcp));
    const v = await openVault({ dataDir: root, env: { CONNECTED_SERVICES_PASSPHRASE: 'import-undo' }, provider: 'passphrase', scrypt: FAST_SCRYPT });
    vault = v;
    registry = await openRegistry({
      dataDir: root, homeDir: path.join(fixtures, 'home'), cwd: root, platform: 'linux', env: {},
      secretSink: async (server, preferred, value, created) => {
        await beforeStore();
        return importedSecretSink(v, server, preferred, value, created);
      },
      secretUnsink: async (server, name) => void (await v.delete(secretKey(name, server))),
    });
    return { registry, vault: v };
  }

  it('deletes the secrets it moved when mcp.json cannot be written, and keeps one that was there before', async () => {
    const file = path.join(root, 'mcp.json');
    let broken = false;
    // A folder where mcp.json was: the import's write (a rename onto it) fails after the secrets moved.
    const breakWrite = async (): Promise<void> => {
      if (broken) return;
      broken = true;
      await unlink(file);
      await mkdir(file);
    };
    const { registry: r, vault: v } = await open({ mcpServers: {} }, breakWrite);
    await v.set(secretKey('NOTES_GITHUB_TOKEN', 'notes'), TOKEN);
    const source = path.join(root, 'cursor.json');
    await writeFile(source, JSON.stringify({ mcpServers: {
      github: { command: 'docker', env: { GITHUB_TOKEN: TOKEN } },
      notes: { command: 'node', env: { GITHUB_TOKEN: TOKEN } },
    } }));
    await expect(r.importFrom('cursor', source)).rejects.toBeTruthy();
    expect(broken).toBe(true);
    expect(await v.get(secretKey('GITHUB_TOKEN', 'github'))).toBeUndefined();
    // Held the value before the import: another entry may read it.
    expect(await v.get(secretKey('NOTES_GITHUB_TOKEN', 'notes'))).toBe(TOKEN);
  });

  it("leaves out an entry naming a KeePassXC store's password variable and imports the rest, in the check's count too", async () => {
    const settings = { secretStores: { kp: { type: 'keepassxc', database: path.join(root, 'p.kdbx'), passwordEnv: 'KP_PASSWORD' } } };
    // 999 configured: the check counts 1001 unless it leaves the entry out as the import does.
    const servers = Object.fromEntries(Array.from({ length: 998 }, (_, i) => [`s${i}`, { command: 'node', args: [`s${i}.js`] }]));
    const { registry: r } = await open({ mcpServers: servers, settings });
    const source = path.join(root, 'cursor.json');
    await writeFile(source, JSON.stringify({ mcpServers: {
      leaky: { command: 'node', args: ['l.js'], env: { PW: '${env:KP_PASSWORD}' } },
      notes: { command: 'node', args: ['n.js'] },
      more: { command: 'node', args: ['m.js'] },
    } }));
    await expect(r.checkImport('cursor', source)).resolves.toBeUndefined();
    const report = await r.importFrom('cursor', source);
    expect(report.added.map((a) => a.name).sort()).toEqual(['more', 'notes']);
    expect(report.skipped).toEqual([expect.objectContaining({ name: 'leaky', reason: expect.stringContaining('env["PW"]: The reference ${env:KP_PASSWORD} names the variable a KeePassXC store') as string })]);
    const written = JSON.parse(await readFile(path.join(root, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> };
    expect(Object.keys(written.mcpServers)).toHaveLength(1000);
    expect(written.mcpServers).not.toHaveProperty('leaky');
  });

  it("counts in the check what the import counts: the app's own bridge entries are left out of both", async () => {
    const servers = Object.fromEntries(Array.from({ length: 999 }, (_, i) => [`s${i}`, { command: 'node', args: [`s${i}.js`] }]));
    const { registry: r } = await open({ mcpServers: servers });
    const source = path.join(root, 'cursor.json');
    await writeFile(source, JSON.stringify({ mcpServers: {
      bridge: { url: 'http://127.0.0.1:45123/mcp' },
      notes: { command: 'node', args: ['n.js'] },
    } }));
    const own = { ownBridgeUrls: ['http://127.0.0.1:45123/mcp'] };
    await expect(r.checkImport('cursor', source, own)).resolves.toBeUndefined();
    const report = await r.importFrom('cursor', source, own);
    expect(report.added.map((a) => a.name)).toEqual(['notes']);
    expect(report.skipped.map((s) => s.name)).toEqual(['bridge']);
  });

  // The plan leaves such an entry out first; the vault refuses it as every other write does.
  it('refuses to store a secret holding a NUL byte', async () => {
    const { vault: v } = await open({ mcpServers: {} });
    await expect(importedSecretSink(v, 'notes', 'NOTES_API_KEY', 'abc\0def')).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('holds a NUL byte') as string });
    expect(await v.get(secretKey('NOTES_API_KEY', 'notes'))).toBeUndefined();
  });
});

import os from 'node:os';
import path from 'node:path';
import { lstat, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openRegistry, type Registry, type RegistryEvents } from '../../electron/registry';
import { hintedRejection } from '../support/rejection';

const posix = process.platform !== 'win32';

async function readJson(file: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
}

describe('registry: first run', () => {
  let root = '';
  afterEach(async () => rm(root, { recursive: true, force: true }));

  it('creates the data folder (0700) and mcp.json (0600) with the demo servers, pre-approved', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cs-registry-first-'));
    const dataDir = path.join(root, 'nested', 'data');
    const demo = { everything: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] } };
    const registry = await openRegistry({ dataDir, demoServers: () => demo });
    try {
      expect(await readJson(registry.file)).toEqual({ mcpServers: demo });
      expect(registry.config().mcpServers).toEqual(demo);
      expect(registry.approvals.status('everything', demo.everything)).toBe('approved');
      if (posix) {
        expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
        expect((await stat(registry.file)).mode & 0o777).toBe(0o600);
        expect((await stat(path.join(dataDir, 'approvals.json'))).mode & 0o777).toBe(0o600);
      }
    } finally {
      await registry.close();
    }
  });

  it('writes an empty config without demo servers and never overwrites an existing file', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cs-registry-first-'));
    const first = await openRegistry({ dataDir: root });
    expect(await readJson(first.file)).toEqual({ mcpServers: {} });
    await first.close();

    const mine = '{ "mcpServers": { "mine": { "command": "node" } } }';
    await writeFile(first.file, mine);
    const second = await openRegistry({ dataDir: root, demoServers: () => ({ demo: { command: 'npx' } }) });
    expect(await readFile(second.file, 'utf8')).toBe(mine);
    expect(Object.keys(second.config().mcpServers)).toEqual(['mine']);
    await second.close();
  });
});

describe('registry: edits', () => {
  let root = '';
  let file = '';
  let registry: Registry;
  const original = {
    $schema: 'https://example.test/mcp.schema.json',
    globalShortcut: 'Ctrl+Space',
    mcpServers: {
      keep: { type: 'stdio', command: 'node', args: ['keep.js'], env: { B: '2', A: '1' } },
      web: { type: 'http', url: 'http://127.0.0.1:9/mcp' },
    },
    settings: { bridgePort: 47781, theme: 'dark' },
  };

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cs-registry-edit-'));
    file = path.join(root, 'mcp.json');
    await writeFile(file, JSON.stringify(original, null, 2));
    registry = await openRegistry({ dataDir: root });
  });

  afterEach(async () => {
    await registry.close();
    await rm(root, { recursive: true, force: true });
  });

  it('adds, disables, enables and removes a server, keeping everything else of the file', async () => {
    await registry.addServer('new', { command: 'uvx', args: ['tool'] });
    expect(registry.config().mcpServers['new']).toEqual({ command: 'uvx', args: ['tool'] });
    let onDisk = await readJson(file);
    expect(onDisk).toEqual({ ...original, mcpServers: { ...original.mcpServers, new: { command: 'uvx', args: ['tool'] } } });
    expect(Object.keys(onDisk)).toEqual(Object.keys(original));

    await registry.setEnabled('keep', false);
    expect(registry.config().mcpServers['keep']?.enabled).toBe(false);
    onDisk = await readJson(file);
    expect((onDisk['mcpServers'] as Record<string, unknown>)['keep']).toEqual({ ...original.mcpServers.keep, enabled: false });

    await registry.setEnabled('keep', true);
    await registry.removeServer('new');
    expect(await readJson(file)).toEqual(original);
    if (posix) expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readdir(root)).filter((name) => name.includes('.tmp') || name.endsWith('.lock'))).toEqual([]);
  });

  it('emits one change per edit, even while watching its own writes', async () => {
    const changes: RegistryEvents['change'][] = [];
    registry.on('change', (payload) => changes.push(payload));
    registry.watch();
    await registry.addServer('new', { type: 'http', url: 'http://127.0.0.1:9/x' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(changes.map((c) => c.diff)).toEqual([{ added: ['new'], changed: [], removed: [], unchanged: ['keep', 'web'] }]);
  });

  it('rejects a duplicate or invalid name and an invalid entry, leaving the file as it was', async () => {
    const before = await readFile(file, 'utf8');
    expect((await hintedRejection(registry.addServer('keep', { command: 'x' }))).code).toBe('invalid_input');
    expect((await hintedRejection(registry.addServer('bad name!', { command: 'x' }))).code).toBe('invalid_input');
    const invalid = await hintedRejection(registry.addServer('empty', { command: '' }));
    expect(invalid.code).toBe('invalid_input');
    expect(invalid.message).toMatch(/server "empty".*field "command"/);
    expect(await readFile(file, 'utf8')).toBe(before);
  });

  it('reports a missing server as not_found', async () => {
    expect((await hintedRejection(registry.removeServer('ghost'))).code).toBe('not_found');
    expect((await hintedRejection(registry.setEnabled('ghost', false))).code).toBe('not_found');
  });

  it('refuses to edit while the file is invalid, naming the problem', async () => {
    const broken = JSON.stringify({ mcpServers: { keep: { command: 'node' } }, settings: { bridgePort: 'x' } });
    await writeFile(file, broken);
    await registry.reload();
    const error = await hintedRejection(registry.addServer('new', { command: 'x' }));
    expect(error.code).toBe('invalid_config');
    expect(error.message).toMatch(/field "settings\.bridgePort"/);
    expect(error.hint).toMatch(/Fix .*mcp\.json first/);
    expect(await readFile(file, 'utf8')).toBe(broken);

    await writeFile(file, '{ not json');
    expect((await hintedRejection(registry.removeServer('keep'))).code).toBe('invalid_config');
  });

  it('edits around a bad entry (it stays as written) and removes it on request', async () => {
    await writeFile(file, JSON.stringify({ mcpServers: { keep: { command: 'node' }, bad: { command: 'node', args: 'x.js' } } }));
    await registry.reload();
    expect(Object.keys(registry.config().mcpServers)).toEqual(['keep']);
    await registry.addServer('new', { command: 'x' });
    await registry.setEnabled('keep', false);
    const written = JSON.parse(await readFile(file, 'utf8')) as { mcpServers: Record<string, unknown> };
    expect(written.mcpServers['bad']).toEqual({ command: 'node', args: 'x.js' });
    expect(Object.keys(registry.config().mcpServers)).toEqual(['keep', 'new']);
    // A change that brings a problem of its own is still refused.
    expect((await hintedRejection(registry.addServer('worse', { command: '' }))).code).toBe('invalid_input');
    await registry.removeServer('bad');
    expect(registry.issues()).toEqual([]);
  });

  it("checks an add without writing as the add refuses it: mcp.json's total counts entries skipped as invalid", async () => {
    // No "type": each is skipped as invalid, yet is in the file an add grows.
    const invalid = Object.fromEntries(Array.from({ length: 999 }, (_, i) => [`s${i}`, { url: 'https://example.com/mcp' }]));
    await writeFile(file, JSON.stringify({ mcpServers: { keep: { command: 'node' }, ...invalid } }));
    await registry.reload();
    expect(Object.keys(registry.config().mcpServers)).toEqual(['keep']);
    const written = await readFile(file, 'utf8');
    const over = { code: 'invalid_input', message: expect.stringContaining('mcp.json has 1000 servers and this server would add 1: 1001') as unknown };
    await expect(registry.checkAdd('new')).rejects.toMatchObject(over);
    await expect(registry.addServer('new', { command: 'x' })).rejects.toMatchObject(over);
    await expect(registry.checkAdd('KEEP')).rejects.toMatchObject({ code: 'invalid_input' });
    expect(await readFile(file, 'utf8')).toBe(written);
    await registry.removeServer('s0');
    await expect(registry.checkAdd('new')).resolves.toBeUndefined();
    await expect(registry.checkAdd('bad name!')).rejects.toMatchObject({ code: 'invalid_input' });
    expect(Object.keys((await readJson(file))['mcpServers'] as object)).toHaveLength(999);
  });

  it.skipIf(!posix)('keeps a symlinked mcp.json a symlink', async () => {
    const target = path.join(root, 'dotfiles-mcp.json');
    await writeFile(target, JSON.stringify(original));
    await rm(file);
    await symlink(target, file);
    await registry.addServer('new', { command: 'x' });
    expect((await lstat(file)).isSymbolicLink()).toBe(true);
    expect(Object.keys((await readJson(target))['mcpServers'] as object)).toContain('new');
  });
});

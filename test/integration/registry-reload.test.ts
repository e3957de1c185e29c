import os from 'node:os';
import path from 'node:path';
import { mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openRegistry, type Registry, type RegistryEvents } from '../../electron/registry';
import { configJson as json, nextEvent } from '../support/registry-events';

// The folder watches are counted as fs.watch makes and closes them (counted-watches.ts says why).
const watching = vi.hoisted(() => ({ open: 0 }));
vi.mock('node:fs', async (importOriginal) => (await import('../support/counted-watches')).countedWatches(importOriginal, watching));

const a = { command: 'node', args: ['a.js'] };
const b = { command: 'node', args: ['b.js'] };

describe('registry: reloads that must not lose the config', () => {
  let root = '';
  let file = '';
  let registry: Registry | undefined;

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cs-registry-reload-'));
    file = path.join(root, 'mcp.json');
  });

  afterEach(async () => {
    await registry?.close();
    registry = undefined;
    await rm(root, { recursive: true, force: true });
  });

  async function open(dataDir = root): Promise<Registry> {
    registry = await openRegistry({ dataDir, debounceMs: 40 });
    registry.watch();
    return registry;
  }

  it('refuses an edit while the file is emptied, instead of writing a file with only that edit', async () => {
    await writeFile(file, json({ a, b }));
    const r = await open();
    await writeFile(file, '');
    await expect(r.addServer('c', { command: 'node', args: ['c.js'] })).rejects.toMatchObject({ code: 'invalid_config' });
    expect(await readFile(file, 'utf8')).toBe('');
    await writeFile(file, json({ a, b }));
    await r.addServer('c', { command: 'node', args: ['c.js'] });
    expect(Object.keys((JSON.parse(await readFile(file, 'utf8')) as { mcpServers: object }).mcpServers)).toEqual(['a', 'b', 'c']);
  });

  it('keeps the last good config when the file is emptied, and says so, naming the file', async () => {
    await writeFile(file, json({ a, b }));
    const r = await open();
    const good = r.config();
    const changes: RegistryEvents['change'][] = [];
    r.on('change', (payload) => changes.push(payload));

    // Editors and `>` redirects truncate before they write: the empty moment must not remove anything.
    const issues = nextEvent(r, 'issues');
    await writeFile(file, '  \n');
    const [issue] = (await issues).issues;
    expect(issue?.file).toBe(file);
    expect(issue?.message).toMatch(/empty/);
    expect(issue?.message).toMatch(/last good config stays in force/);
    expect(issue?.message).toContain('{"mcpServers": {}}');
    expect(r.config()).toBe(good);
    expect(r.issues()).toEqual([issue]);

    // The content arrives: back to normal, only the real difference applied.
    const cleared = nextEvent(r, 'issues', (p) => p.issues.length === 0);
    const change = nextEvent(r, 'change');
    await writeFile(file, json({ a }));
    await cleared;
    expect((await change).diff).toEqual({ added: [], changed: [], removed: ['b'], unchanged: ['a'] });
    expect(changes).toHaveLength(1);

    // Removing every server takes an explicit empty server list.
    const removed = nextEvent(r, 'change');
    await writeFile(file, '{"mcpServers": {}}\n');
    expect((await removed).diff.removed).toEqual(['a']);
    expect(r.config().mcpServers).toEqual({});
  });

  it('reads an empty file on the very first load as no servers, and says the file is empty', async () => {
    await writeFile(file, '  \n');
    const r = await open();
    expect(r.config()).toEqual({ mcpServers: {} });
    expect(r.issues()).toEqual([{ file, message: 'the file is empty, so no server is in force until it has content (for no servers, write {"mcpServers": {}})', told: true }]);
    const change = nextEvent(r, 'change');
    await writeFile(file, json({ a }));
    expect((await change).diff.added).toEqual(['a']);
  });

  it('reloads a symlinked mcp.json when its target (in another folder) is edited', async () => {
    const dataDir = path.join(root, 'data');
    const dotfiles = path.join(root, 'dotfiles');
    await mkdir(dataDir);
    await mkdir(dotfiles);
    const target = path.join(dotfiles, 'mcp-servers.json');
    await writeFile(target, json({ a }));
    await symlink(target, path.join(dataDir, 'mcp.json'));
    const r = await open(dataDir);
    expect(Object.keys(r.config().mcpServers)).toEqual(['a']);

    const change = nextEvent(r, 'change');
    await writeFile(target, json({ a, b }));
    expect((await change).diff.added).toEqual(['b']);
    expect(Object.keys(r.config().mcpServers)).toEqual(['a', 'b']);

    // Replaced by rename, the way editors save: still followed.
    const renamed = nextEvent(r, 'change');
    const temp = path.join(dotfiles, 'mcp-servers.json.tmp');
    await writeFile(temp, json({ b }));
    await rename(temp, target);
    expect((await renamed).diff.removed).toEqual(['a']);
  });

  it('follows the link to a new target folder after the link itself is changed', async () => {
    const dataDir = path.join(root, 'data');
    const first = path.join(root, 'first');
    const second = path.join(root, 'second');
    await Promise.all([mkdir(dataDir), mkdir(first), mkdir(second)]);
    await writeFile(path.join(first, 'mcp.json'), json({ a }));
    await writeFile(path.join(second, 'mcp.json'), json({ b }));
    const link = path.join(dataDir, 'mcp.json');
    await symlink(path.join(first, 'mcp.json'), link);
    const r = await open(dataDir);

    const relinked = nextEvent(r, 'change');
    const tempLink = path.join(dataDir, 'mcp.json.new');
    await symlink(path.join(second, 'mcp.json'), tempLink);
    await rename(tempLink, link);
    expect((await relinked).diff).toEqual({ added: ['b'], changed: [], removed: ['a'], unchanged: [] });

    // The new target's folder is watched now.
    const change = nextEvent(r, 'change');
    await writeFile(path.join(second, 'mcp.json'), json({ b: { ...b, args: ['b.js', '-v'] } }));
    expect((await change).diff.changed).toEqual(['b']);
  });

  it('watches where a dangling link will point, and loads the target once it appears', async () => {
    const dataDir = path.join(root, 'data');
    const dotfiles = path.join(root, 'dotfiles');
    await mkdir(dataDir);
    await mkdir(dotfiles);
    const target = path.join(dotfiles, 'mcp.json');
    await symlink(target, path.join(dataDir, 'mcp.json'));
    // The registry never writes a first config over an existing link, dangling or not.
    const r = await open(dataDir);
    expect(r.config()).toEqual({ mcpServers: {} });
    expect(r.issues()[0]?.message).toMatch(/missing/);

    const change = nextEvent(r, 'change');
    await writeFile(target, json({ a }));
    expect((await change).diff.added).toEqual(['a']);
    expect(r.issues()).toEqual([]);
  });

  it('close() also closes the watcher of the link target folder', async () => {
    const watchers = (): number => watching.open;
    const before = watchers();
    const dataDir = path.join(root, 'data');
    const dotfiles = path.join(root, 'dotfiles');
    await mkdir(dataDir);
    await mkdir(dotfiles);
    await writeFile(path.join(dotfiles, 'mcp.json'), json({ a }));
    await symlink(path.join(dotfiles, 'mcp.json'), path.join(dataDir, 'mcp.json'));
    const r = await open(dataDir);
    // The data folder and the target folder.
    for (let i = 0; i < 50 && watchers() !== before + 2; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(watchers()).toBe(before + 2);
    await r.close();
    await r.close();
    registry = undefined;
    for (let i = 0; i < 50 && watchers() !== before; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(watchers()).toBe(before);
  });
});

import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openRegistry, type Registry, type RegistryEvents } from '../../electron/registry';
import { configJson as json, nextEvent } from '../support/registry-events';

// The folder watches are counted as fs.watch makes and closes them (counted-watches.ts says why).
const watching = vi.hoisted(() => ({ open: 0 }));
vi.mock('node:fs', async (importOriginal) => (await import('../support/counted-watches')).countedWatches(importOriginal, watching));

const a = { command: 'node', args: ['a.js'] };
const b = { command: 'node', args: ['b.js'] };
const c = { type: 'http', url: 'http://127.0.0.1:9/mcp' };
/** A write in place empties the file first; read in that moment, it is reported, then cleared by the content (config-read.ts). */
const pastEmptyMoment = (payload: RegistryEvents['issues']): boolean => !payload.issues.some((issue) => issue.message.startsWith('the file is empty'));

describe('registry: load, watch and hot reload', () => {
  let root = '';
  let file = '';
  let registry: Registry | undefined;

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cs-registry-watch-'));
    file = path.join(root, 'mcp.json');
  });

  afterEach(async () => {
    await registry?.close();
    registry = undefined;
    await rm(root, { recursive: true, force: true });
  });

  async function open(text: string): Promise<Registry> {
    await writeFile(file, text);
    registry = await openRegistry({ dataDir: root, debounceMs: 40 });
    registry.watch();
    return registry;
  }

  it('fires change with only the edited server in diff.changed', async () => {
    const r = await open(json({ a, b, c }));
    expect(Object.keys(r.config().mcpServers)).toEqual(['a', 'b', 'c']);
    const change = nextEvent(r, 'change');
    await writeFile(file, json({ a, b: { ...b, args: ['b.js', '--verbose'] }, c }));
    const { config, diff } = await change;
    expect(diff).toEqual({ added: [], changed: ['b'], removed: [], unchanged: ['a', 'c'] });
    expect(config.mcpServers['b']).toEqual({ command: 'node', args: ['b.js', '--verbose'] });
    expect(r.config()).toBe(config);
  });

  it('follows a file replaced by rename (editors, atomic writes) and reports added and removed', async () => {
    const r = await open(json({ a, b }));
    const change = nextEvent(r, 'change');
    const temp = path.join(root, 'mcp.json.swp');
    await writeFile(temp, json({ a, c }));
    await rename(temp, file);
    const { diff } = await change;
    expect(diff).toEqual({ added: ['c'], changed: [], removed: ['b'], unchanged: ['a'] });
  });

  it('disables only a bad entry, keeps the last good config on a broken file, names server and field, and recovers when fixed', async () => {
    const r = await open(json({ a, b }));

    // One bad entry: the others stay loaded, the bad one is left out and reported.
    const issues = nextEvent(r, 'issues', pastEmptyMoment);
    const dropped = nextEvent(r, 'change');
    await writeFile(file, json({ a, b: { command: 'node', args: 'b.js' } }));
    const reported = (await issues).issues;
    expect(reported).toEqual([expect.objectContaining({ file, server: 'b', field: 'args' })]);
    expect(r.issues()).toEqual(reported);
    expect((await dropped).diff).toEqual({ added: [], changed: [], removed: ['b'], unchanged: ['a'] });
    const good = r.config();
    expect(Object.keys(good.mcpServers)).toEqual(['a']);

    // A file that is not JSON at all: the last good config stays in force.
    const malformed = nextEvent(r, 'issues', pastEmptyMoment);
    await writeFile(file, '{ "mcpServers": { "a": ');
    const [syntax] = (await malformed).issues;
    expect(syntax?.message).toMatch(/not valid JSON/);
    expect(syntax?.file).toBe(file);
    expect(r.config()).toBe(good);

    const cleared = nextEvent(r, 'issues', pastEmptyMoment);
    const change = nextEvent(r, 'change');
    await writeFile(file, json({ a, b, c }));
    expect((await cleared).issues).toEqual([]);
    expect((await change).diff.added).toEqual(['b', 'c']);
    expect(r.issues()).toEqual([]);
  });

  it('reports a second bad entry while the first is still bad, and clears each as it is fixed', async () => {
    const r = await open(json({ a, b: { command: 1 } }));
    expect(Object.keys(r.config().mcpServers)).toEqual(['a']);
    expect(r.issues()).toEqual([expect.objectContaining({ server: 'b', field: 'command' })]);

    const both = nextEvent(r, 'issues', pastEmptyMoment);
    await writeFile(file, json({ a, b: { command: 1 }, c: { type: 'http', url: 5 } }));
    expect((await both).issues.map((i) => i.server)).toEqual(['b', 'c']);
    expect(Object.keys(r.config().mcpServers)).toEqual(['a']);

    const one = nextEvent(r, 'issues', pastEmptyMoment);
    const change = nextEvent(r, 'change');
    await writeFile(file, json({ a, b, c: { type: 'http', url: 5 } }));
    expect((await one).issues.map((i) => i.server)).toEqual(['c']);
    expect((await change).diff.added).toEqual(['b']);
    expect(Object.keys(r.config().mcpServers)).toEqual(['a', 'b']);
  });

  it.each([
    ['an unknown transport', { type: 'sse', url: 'http://127.0.0.1:9/sse' }, 'type'],
    ['a missing command', { args: ['x'] }, 'command'],
    ['a wrong field type', { command: 'node', env: { A: 1 } }, 'env["A"]'],
  ])('reports %s with the server and field', async (_label, entry, field) => {
    const r = await open(json({ a }));
    const issues = nextEvent(r, 'issues', pastEmptyMoment);
    await writeFile(file, json({ a, bad: entry }));
    expect((await issues).issues).toEqual([expect.objectContaining({ server: 'bad', field })]);
    expect(Object.keys(r.config().mcpServers)).toEqual(['a']);
  });

  it('survives the file being deleted and recreated', async () => {
    const r = await open(json({ a }));
    const missing = nextEvent(r, 'issues', pastEmptyMoment);
    await unlink(file);
    expect((await missing).issues[0]?.message).toMatch(/missing/);
    expect(Object.keys(r.config().mcpServers)).toEqual(['a']);

    const cleared = nextEvent(r, 'issues', (p) => p.issues.length === 0);
    const change = nextEvent(r, 'change');
    await writeFile(file, json({ a, b }));
    await cleared;
    expect((await change).diff).toEqual({ added: ['b'], changed: [], removed: [], unchanged: ['a'] });
  });

  it('skips a rewrite with identical content', async () => {
    const text = json({ a, b });
    const r = await open(text);
    const changes: RegistryEvents['change'][] = [];
    r.on('change', (payload) => changes.push(payload));
    const issues: RegistryEvents['issues'][] = [];
    r.on('issues', (payload) => issues.push(payload));
    // Whole at once (a rename): an in-place write's empty moment would be an issue of its own.
    await writeFile(`${file}.new`, text);
    await rename(`${file}.new`, file);
    // A later, real edit proves the watcher was running during the identical rewrite.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const change = nextEvent(r, 'change');
    await writeFile(`${file}.new`, json({ a }));
    await rename(`${file}.new`, file);
    await change;
    expect(changes.map((p) => p.diff.removed)).toEqual([['b']]);
    expect(issues).toEqual([]);
  });

  it('starts with the good entries and the reason when the first load has a bad one', async () => {
    await writeFile(file, json({ a, broken: { command: '' } }));
    registry = await openRegistry({ dataDir: root, debounceMs: 40 });
    expect(Object.keys(registry.config().mcpServers)).toEqual(['a']);
    expect(registry.issues()).toEqual([expect.objectContaining({ server: 'broken', field: 'command' })]);
  });

  it('starts with an empty config and the reason when the first load is bad', async () => {
    await writeFile(file, json({ broken: { command: '' } }));
    registry = await openRegistry({ dataDir: root, debounceMs: 40 });
    expect(registry.config()).toEqual({ mcpServers: {} });
    expect(registry.issues()).toEqual([expect.objectContaining({ server: 'broken', field: 'command' })]);
    registry.watch();
    const change = nextEvent(registry, 'change');
    await writeFile(file, json({ a }));
    expect((await change).diff.added).toEqual(['a']);
  });

  it('close() stops the watcher and is idempotent', async () => {
    const watchers = (): number => watching.open;
    const before = watchers();
    const r = await open(json({ a }));
    r.watch(); // a second watch() adds nothing
    expect(watchers()).toBe(before + 1);
    await r.close();
    await r.close();
    registry = undefined;
    // The handle goes away once libuv has closed it, a moment after close().
    for (let i = 0; i < 50 && watchers() !== before; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(watchers()).toBe(before);
  });
});

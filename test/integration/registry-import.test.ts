import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../shared/api';
import { openRegistry, type Registry, type RegistryOptions } from '../../electron/registry';
import { hintedRejection } from '../support/rejection';

const fixtures = fileURLToPath(new URL('../fixtures/import', import.meta.url));
const home = path.join(fixtures, 'home');
const project = path.join(fixtures, 'project');

function names(list: { name: string }[]): string[] {
  return list.map((item) => item.name).sort();
}

function reasonFor(report: ImportReport, name: string): string {
  return report.skipped.find((item) => item.name === name)?.reason ?? '';
}

describe('registry: import from other clients', () => {
  let root = '';
  let registry: Registry;
  const existing = { $schema: 'x', mcpServers: { memory: { command: 'node', args: ['memory.js'] } } };

  async function open(options: Partial<RegistryOptions> = {}): Promise<Registry> {
    registry = await openRegistry({ dataDir: root, homeDir: home, cwd: project, platform: 'linux', env: {}, ...options });
    return registry;
  }

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cs-registry-import-'));
    await writeFile(path.join(root, 'mcp.json'), JSON.stringify(existing));
  });

  afterEach(async () => {
    await registry.close();
    await rm(root, { recursive: true, force: true });
  });

  it('imports Claude Desktop servers, renaming, skipping existing and invalid ones, approving none', async () => {
    const r = await open();
    const report = await r.importFrom('claude-desktop');
    const file = path.join(home, '.config', 'Claude', 'claude_desktop_config.json');
    expect(report.source).toBe('claude-desktop');
    expect(report.files).toEqual([file]);
    expect(names(report.added)).toEqual(['Brave-Search', 'filesystem', 'github']);
    expect(report.added.find((a) => a.name === 'Brave-Search')?.from).toBe(`${file} (renamed from "Brave Search")`);
    expect(names(report.skipped)).toEqual(['memory', 'no-command']);
    expect(reasonFor(report, 'memory')).toBe('already configured');
    expect(reasonFor(report, 'no-command')).toMatch(/neither "command" nor "url"/);

    const github = r.config().mcpServers['github'];
    expect(github).toMatchObject({ command: 'docker', env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'fixture-github-token' } });
    if (!github) throw new Error('github was not imported');
    expect(r.approvals.status('github', github)).toBe('pending');
    // Existing entries and unknown keys of our file are untouched.
    const onDisk = JSON.parse(await readFile(r.file, 'utf8')) as typeof existing;
    expect(onDisk.$schema).toBe('x');
    expect(onDisk.mcpServers.memory).toEqual(existing.mcpServers.memory);
  });

  it('imports Claude Code user, per-project and project .mcp.json servers', async () => {
    const report = await (await open()).importFrom('claude-code');
    expect(report.files).toEqual([path.join(home, '.claude.json'), path.join(project, '.mcp.json')]);
    expect(names(report.added)).toEqual(['playwright', 'postgres', 'sentry']);
    expect(report.added.find((a) => a.name === 'postgres')?.from).toMatch(/\(project \/home\/me\/app\)$/);
    expect(reasonFor(report, 'linear')).toMatch(/SSE/);
    expect(reasonFor(report, 'socket')).toMatch(/unsupported transport "websocket"/);
    expect(registry.config().mcpServers['sentry']).toEqual({ type: 'http', url: 'https://mcp.sentry.dev/mcp' });
  });

  it('imports Cursor user and project servers, url entries as http', async () => {
    const report = await (await open()).importFrom('cursor');
    expect(report.files).toEqual([path.join(home, '.cursor', 'mcp.json'), path.join(project, '.cursor', 'mcp.json')]);
    expect(names(report.added)).toEqual(['context7', 'notion', 'project-db']);
    expect(registry.config().mcpServers['notion']).toEqual({
      type: 'http',
      url: 'https://mcp.notion.com/mcp',
      headers: { 'X-Workspace': 'fixture' },
    });
    expect(reasonFor(report, 'bad-command')).toMatch(/"command" expected string, got number 5/);
  });

  it('imports VS Code mcp.json, settings.json (JSONC) and workspace servers', async () => {
    const report = await (await open()).importFrom('vscode');
    const user = path.join(home, '.config', 'Code', 'User');
    expect(report.files).toEqual([path.join(user, 'mcp.json'), path.join(user, 'settings.json'), path.join(project, '.vscode', 'mcp.json')]);
    expect(names(report.added)).toEqual(['fetch', 'my-local-server', 'time']);
    expect(registry.config().mcpServers['time']).toEqual({ command: 'uvx', args: ['mcp-server-time', '--local-timezone=Europe/Paris'] });
    expect(registry.config().mcpServers['my-local-server']).toMatchObject({ args: ['server.js', '--url=http://127.0.0.1:8080/a//b'] });
    expect(reasonFor(report, 'github')).toMatch(/\$\{input:/);
    expect(reasonFor(report, 'legacy')).toMatch(/SSE/);
    expect(reasonFor(report, 'with-env-file')).toMatch(/envFile/);
  });

  it('adds nothing when imported again', async () => {
    const r = await open();
    await r.importFrom('cursor');
    const before = await readFile(r.file, 'utf8');
    const again = await r.importFrom('cursor');
    expect(again.added).toEqual([]);
    expect(names(again.skipped)).toEqual(['bad-command', 'context7', 'notion', 'project-db']);
    expect(reasonFor(again, 'notion')).toBe('already configured');
    expect(await readFile(r.file, 'utf8')).toBe(before);
  });

  it('takes an explicit file or folder path', async () => {
    const r = await open();
    const file = await r.importFrom('cursor', path.join(project, '.cursor', 'mcp.json'));
    expect(file.files).toEqual([path.join(project, '.cursor', 'mcp.json')]);
    expect(names(file.added)).toEqual(['project-db']);
    const folder = await r.importFrom('vscode', project);
    expect(folder.files).toEqual([path.join(project, '.vscode', 'mcp.json')]);
    expect(names(folder.added)).toEqual(['my-local-server']);
  });

  it('imports a server whose name folds onto a configured one under a free name, and only once', async () => {
    const file = path.join(root, 'cursor.json');
    await writeFile(file, JSON.stringify({ mcpServers: { memory_: { command: 'node', args: ['other-memory.js'] } } }));
    const r = await open();
    const first = await r.importFrom('cursor', file);
    expect(names(first.added)).toEqual(['memory-2']);
    expect(r.config().mcpServers['memory-2']).toMatchObject({ command: 'node', args: ['other-memory.js'] });
    const again = await r.importFrom('cursor', file);
    expect(again.added).toEqual([]);
    expect(reasonFor(again, 'memory_')).toBe('already configured (as "memory-2")');
  });

  it('finds Claude Desktop in Application Support on macOS', async () => {
    const mac = path.join(root, 'mac-home');
    const dir = path.join(mac, 'Library', 'Application Support', 'Claude');
    await mkdir(dir, { recursive: true });
    await copyFile(path.join(home, '.config', 'Claude', 'claude_desktop_config.json'), path.join(dir, 'claude_desktop_config.json'));
    const report = await (await open({ homeDir: mac, platform: 'darwin' })).importFrom('claude-desktop');
    expect(report.files).toEqual([path.join(dir, 'claude_desktop_config.json')]);
    expect(report.added).toHaveLength(3);
  });

  it('says not_found, with where it looked, when no config exists', async () => {
    const empty = path.join(root, 'empty-home');
    await mkdir(empty);
    const r = await open({ homeDir: empty, cwd: empty });
    const error = await hintedRejection(r.importFrom('cursor'));
    expect(error.code).toBe('not_found');
    expect(error.message).toContain(path.join(empty, '.cursor', 'mcp.json'));
    expect((await hintedRejection(r.importFrom('vscode', path.join(empty, 'nope.json')))).code).toBe('not_found');
  });

  it('fails with invalid_config when the only file found is broken', async () => {
    const other = path.join(root, 'other-home');
    await mkdir(path.join(other, '.cursor'), { recursive: true });
    await writeFile(path.join(other, '.cursor', 'mcp.json'), '{ "mcpServers": { "x": ');
    const r = await open({ homeDir: other, cwd: other });
    expect((await hintedRejection(r.importFrom('cursor'))).code).toBe('invalid_config');

    const report = await r.importFrom('cursor', path.join(project, '.cursor', 'mcp.json'));
    expect(names(report.added)).toEqual(['project-db']);
  });

  it('lists a broken file among good ones as skipped', async () => {
    const mixedHome = path.join(root, 'mixed-home');
    await mkdir(path.join(mixedHome, '.cursor'), { recursive: true });
    await writeFile(path.join(mixedHome, '.cursor', 'mcp.json'), '{ "mcpServers": [ }');
    const report = await (await open({ homeDir: mixedHome })).importFrom('cursor');
    expect(names(report.added)).toEqual(['project-db']);
    expect(report.skipped).toEqual([
      expect.objectContaining({ name: '*', from: path.join(mixedHome, '.cursor', 'mcp.json'), reason: expect.stringMatching(/not valid JSON/) as unknown }),
    ]);
  });

  it('refuses to import into an mcp.json that cannot be used', async () => {
    const r = await open();
    await writeFile(r.file, '{ "mcpServers": { "memory": { "command": "node" } }, "settings": { "bridgePort": "x" } }');
    const error = await hintedRejection(r.importFrom('cursor'));
    expect(error.code).toBe('invalid_config');
    expect(error.message).toMatch(/bridgePort/);
  });

  it('imports around a bad entry, which stays as written (a bad entry disables only itself)', async () => {
    const r = await open();
    await writeFile(r.file, '{ "mcpServers": { "memory": { "command": 1 } } }');
    const report = await r.importFrom('cursor');
    expect(report.added.length).toBeGreaterThan(0);
    const written = JSON.parse(await readFile(r.file, 'utf8')) as { mcpServers: Record<string, unknown> };
    expect(written.mcpServers.memory).toEqual({ command: 1 });
    for (const added of report.added) expect(written.mcpServers[added.name]).toBeDefined();
  });

  it("checks an import against mcp.json's total without writing, counting entries skipped as invalid, as the import does", async () => {
    // No "type": each entry is skipped as invalid, yet it is in the file the import adds to.
    const servers = Object.fromEntries(Array.from({ length: 999 }, (_, i) => [`s${i}`, { url: 'https://example.com/mcp' }]));
    await writeFile(path.join(root, 'mcp.json'), JSON.stringify({ mcpServers: servers }));
    const two = path.join(root, 'two.json');
    await writeFile(two, JSON.stringify({ mcpServers: { a: { command: 'echo' }, b: { command: 'echo', env: { API_TOKEN: 'tok-8d1f3a9c7b2e4f60' } } } }));
    const moved: string[] = [];
    const r = await open({
      secretSink: (_server, name) => {
        moved.push(name);
        return Promise.resolve(name);
      },
    });
    expect(Object.keys(r.config().mcpServers)).toEqual([]);
    const written = await readFile(r.file, 'utf8');
    const over = { code: 'invalid_input', message: expect.stringContaining('mcp.json has 999 servers and this import would add 2: 1001') as unknown };
    await expect(r.checkImport('cursor', two)).rejects.toMatchObject(over);
    await expect(r.importFrom('cursor', two)).rejects.toMatchObject(over);
    expect(moved).toEqual([]);
    expect(await readFile(r.file, 'utf8')).toBe(written);
    const one = path.join(root, 'one.json');
    await writeFile(one, JSON.stringify({ mcpServers: { a: { command: 'echo' } } }));
    await expect(r.checkImport('cursor', one)).resolves.toBeUndefined();
    expect(await readFile(r.file, 'utf8')).toBe(written);
  });
});

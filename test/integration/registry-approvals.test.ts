import os from 'node:os';
import path from 'node:path';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StdioServerConfig } from '../../shared/config';
import { commandFingerprint, openRegistry, type Registry } from '../../electron/registry';

describe('registry: approvals', () => {
  let root = '';
  let registry: Registry;
  const tool: StdioServerConfig = { command: 'npx', args: ['-y', 'tool'], env: { API_TOKEN: 'first-secret-value' } };

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cs-registry-approvals-'));
    registry = await openRegistry({ dataDir: root, now: () => 1_700_000_000_000 });
  });

  afterEach(async () => {
    await registry.close();
    await rm(root, { recursive: true, force: true });
  });

  it('needs none for http, and approval for each exact stdio command', async () => {
    const { approvals } = registry;
    expect(approvals.status('web', { type: 'http', url: 'http://127.0.0.1:9/mcp' })).toBe('not_needed');
    expect(approvals.status('tool', tool)).toBe('pending');
    await approvals.approve('tool', tool);
    expect(approvals.status('tool', tool)).toBe('approved');
    // Another value, even of an ordinary variable, is another entry; so are other args or another env name.
    expect(approvals.status('tool', { ...tool, env: { API_TOKEN: 'rotated-secret-value' } })).toBe('pending');
    expect(approvals.status('tool', { ...tool, args: ['-y', 'tool@2'] })).toBe('pending');
    expect(approvals.status('tool', { ...tool, command: 'bunx' })).toBe('pending');
    expect(approvals.status('tool', { ...tool, env: { ...tool.env, NODE_OPTIONS: '' } })).toBe('pending');
  });

  it('remembers approvals by name and fingerprint in approvals.json (0600), without commands or secrets', async () => {
    await registry.approvals.approve('tool', tool);
    const file = path.join(root, 'approvals.json');
    const text = await readFile(file, 'utf8');
    expect(JSON.parse(text)).toEqual({
      version: 2,
      approvals: [{ name: 'tool', fingerprint: commandFingerprint(tool), approvedAt: 1_700_000_000_000 }],
    });
    expect(text).not.toContain('npx');
    expect(text).not.toContain('first-secret-value');
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);

    const again = await openRegistry({ dataDir: root });
    expect(again.approvals.status('tool', tool)).toBe('approved');
    await again.close();
  });

  it('treats a corrupt approvals.json as no approvals and moves it aside on the next approval', async () => {
    await registry.approvals.approve('tool', tool);
    await registry.close();
    const file = path.join(root, 'approvals.json');
    await writeFile(file, '{"version": 1, "approvals": "nope"}');
    registry = await openRegistry({ dataDir: root, now: () => 42 });
    expect(registry.approvals.status('tool', tool)).toBe('pending');
    await registry.approvals.approve('other', { command: 'node' });
    expect(await readFile(path.join(root, 'approvals.json.corrupt-42'), 'utf8')).toContain('nope');
    expect(registry.approvals.status('other', { command: 'node' })).toBe('approved');
  });

  it('sees approvals made by another process while watching', async () => {
    registry.watch();
    const other = await openRegistry({ dataDir: root });
    await other.approvals.approve('tool', tool);
    await other.close();
    for (let i = 0; i < 200 && registry.approvals.status('tool', tool) !== 'approved'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(registry.approvals.status('tool', tool)).toBe('approved');
    expect((await readdir(root)).filter((name) => name.endsWith('.lock'))).toEqual([]);
  });
});

describe('registry: an approval is a server name with its whole entry', () => {
  let root = '';
  let registry: Registry;
  const git: StdioServerConfig = { command: 'uvx', args: ['mcp-server-git'], env: { GITHUB_TOKEN: '${secret:GH_TOKEN}', PYTHONUSERBASE: '/home/me/.local' } };

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cs-registry-approvals-'));
    registry = await openRegistry({ dataDir: root });
    await registry.approvals.approve('git', git);
  });

  afterEach(async () => {
    await registry.close();
    await rm(root, { recursive: true, force: true });
  });

  it('asks again when any environment value changes', () => {
    const { approvals } = registry;
    expect(approvals.status('git', git)).toBe('approved');
    const changed = (env: Record<string, string>) => approvals.status('git', { ...git, env: { ...git.env, ...env } });
    expect(changed({ PYTHONUSERBASE: '/tmp/evil' })).toBe('pending');
    expect(changed({ PATH: '/tmp/evil/bin' })).toBe('pending');
    expect(changed({ PYTHONPATH: '/tmp/evil' })).toBe('pending');
    expect(changed({ GIT_AUTHOR_NAME: 'someone' })).toBe('pending');
    expect(changed({ GITHUB_TOKEN: '${secret:OTHER_TOKEN}' })).toBe('pending');
    expect(changed({ GITHUB_TOKEN: '${env:GITHUB_TOKEN}' })).toBe('pending');
    // The same entry with a description or a tool policy added runs the same program.
    expect(approvals.status('git', { ...git, description: 'my repos', tools: { deny: ['git_push'] } })).toBe('approved');
  });

  it('does not approve a new server because another with the same command was approved', () => {
    expect(registry.approvals.status('git-copy', git)).toBe('pending');
    expect(registry.approvals.status('git-copy', { ...git })).toBe('pending');
  });

  it('asks again after a rename, and an approval of the new name is not one of the old', async () => {
    await registry.approvals.approve('repos', git);
    expect(registry.approvals.status('repos', git)).toBe('approved');
    expect(registry.approvals.status('git', git)).toBe('approved');
    await registry.approvals.approve('git', { ...git, args: ['mcp-server-git', '--repository', '/srv'] });
    expect(registry.approvals.status('git', git)).toBe('pending');
    expect(registry.approvals.status('repos', git)).toBe('approved');
  });
});

describe('registry: approvals.json written by earlier versions (version 1)', () => {
  let root = '';
  const closers: Array<() => Promise<void>> = [];
  // Version-1 fingerprints as the earlier release computed them (see electron/registry/legacy-command-approvals.test.ts).
  const noEnv: StdioServerConfig = { command: 'npx', args: ['-y', 'tool'] };
  const codeEnvOnly: StdioServerConfig = { command: 'uvx', args: ['mcp-server-git'], env: { PATH: '/opt/tools/bin', PYTHONPATH: '/opt/lib' } };
  const userBase: StdioServerConfig = { command: 'uvx', args: ['mcp-server-git'], env: { PYTHONUSERBASE: '/home/me/.local' } };
  const v1File = {
    version: 1,
    approvals: [
      { name: 'tool', fingerprint: '67e0885bea56816593f72dc563b840e67052f114a69791566ff1af930186d357', approvedAt: 1 },
      { name: 'git', fingerprint: 'e0d7c28bc78bf70f2e74f94ac214c23d6e17fb1030c0791d559a212b0a0ef48a', approvedAt: 2 },
      { name: 'site', fingerprint: '05c56dfc5e8e11c898d67e5f61c9f1127bce0e94d21aabfb4e8802c17a663edc', approvedAt: 3 },
    ],
  };

  async function open(options: { demoServers?: () => Record<string, StdioServerConfig> } = {}): Promise<Registry> {
    const registry = await openRegistry({ dataDir: root, now: () => 99, ...options });
    closers.push(() => registry.close());
    return registry;
  }

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cs-registry-approvals-v1-'));
    await writeFile(path.join(root, 'approvals.json'), JSON.stringify(v1File), { mode: 0o600 });
  });

  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await rm(root, { recursive: true, force: true });
  });

  it('carries over an entry whose every part the old fingerprint covered, and only for its name', async () => {
    const { approvals } = await open();
    expect(approvals.status('tool', noEnv)).toBe('approved');
    expect(approvals.status('git', codeEnvOnly)).toBe('approved');
    expect(approvals.status('git', { ...codeEnvOnly, env: { ...codeEnvOnly.env, PATH: '/tmp/evil' } })).toBe('pending');
    expect(approvals.status('copy', noEnv)).toBe('pending');
  });

  it('asks again for an entry with an environment value the old fingerprint left out', async () => {
    const { approvals } = await open();
    // The old record matches (it saw the name PYTHONUSERBASE), but never its value.
    expect(approvals.status('site', userBase)).toBe('pending');
    expect(approvals.status('site', { ...userBase, env: { PYTHONUSERBASE: '/tmp/evil' } })).toBe('pending');
  });

  it('writes version 2 on the next approval and keeps the old records it has not replaced', async () => {
    const registry = await open();
    await registry.approvals.approve('site', userBase);
    const file = JSON.parse(await readFile(path.join(root, 'approvals.json'), 'utf8')) as { version: number; approvals: Array<Record<string, unknown>> };
    expect(file.version).toBe(2);
    expect(file.approvals).toEqual([
      { ...v1File.approvals[0], fingerprintVersion: 1 },
      { ...v1File.approvals[1], fingerprintVersion: 1 },
      { name: 'site', fingerprint: commandFingerprint(userBase), approvedAt: 99 },
    ]);
    expect(registry.approvals.status('site', userBase)).toBe('approved');
    expect(registry.approvals.status('tool', noEnv)).toBe('approved');
  });

  it('renews an old approval of a demo server still exactly as shipped, even with env values', async () => {
    await writeFile(path.join(root, 'mcp.json'), JSON.stringify({ mcpServers: { site: userBase, other: userBase } }));
    // The demo list names "site" with this very entry; "other" is not shipped and stays pending.
    const registry = await open({ demoServers: () => ({ site: userBase, other: { command: 'node' } }) });
    expect(registry.approvals.status('site', userBase)).toBe('approved');
    expect(registry.approvals.status('other', userBase)).toBe('pending');
    expect(await readFile(registry.file, 'utf8')).toBe(JSON.stringify({ mcpServers: { site: userBase, other: userBase } }));
  });

  it('does not renew a demo server the person changed', async () => {
    const changed = { ...userBase, env: { PYTHONUSERBASE: '/tmp/evil' } };
    await writeFile(path.join(root, 'mcp.json'), JSON.stringify({ mcpServers: { site: changed } }));
    const registry = await open({ demoServers: () => ({ site: userBase }) });
    expect(registry.approvals.status('site', changed)).toBe('pending');
  });
});

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
    // A rotated secret is the same command; other args or another env name are not.
    expect(approvals.status('tool', { ...tool, env: { API_TOKEN: 'rotated-secret-value' } })).toBe('approved');
    expect(approvals.status('tool', { ...tool, args: ['-y', 'tool@2'] })).toBe('pending');
    expect(approvals.status('tool', { ...tool, command: 'bunx' })).toBe('pending');
    expect(approvals.status('tool', { ...tool, env: { ...tool.env, NODE_OPTIONS: '' } })).toBe('pending');
  });

  it('remembers approvals by fingerprint in approvals.json (0600), without commands or secrets', async () => {
    await registry.approvals.approve('tool', tool);
    const file = path.join(root, 'approvals.json');
    const text = await readFile(file, 'utf8');
    expect(JSON.parse(text)).toEqual({
      version: 1,
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

import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withBundleCwd } from './bundle-cwd';

let dataDir = '';
afterEach(async () => {
  if (dataDir !== '') await rm(dataDir, { recursive: true, force: true });
});

describe('an entry of a bundle installed before installs wrote cwd', () => {
  it('runs in the one bundle folder it names; an entry with its own cwd, two folders, none, or a folder gone is left as written', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bundle-cwd-'));
    const [one, two] = [`io.example_echo@1.0.0-${'a'.repeat(64)}`, `io.example_other@1.0.0-${'b'.repeat(64)}`];
    const folder = (name: string) => path.join(dataDir, 'bundles', name);
    await mkdir(folder(one), { recursive: true });
    await mkdir(folder(two), { recursive: true });
    const old = { command: 'node', args: [path.join(folder(one), 'server', 'index.js')] };
    expect(await withBundleCwd(dataDir, old)).toEqual({ ...old, cwd: folder(one) });
    const own = { ...old, cwd: '/srv/mine' };
    expect(await withBundleCwd(dataDir, own)).toBe(own);
    const both = { command: 'node', args: [path.join(folder(one), 'a.js'), path.join(folder(two), 'b.js')] };
    expect(await withBundleCwd(dataDir, both)).toBe(both);
    const plain = { command: 'npx', args: ['-y', 'pkg@1.0.0'] };
    expect(await withBundleCwd(dataDir, plain)).toBe(plain);
    const http = { type: 'http' as const, url: 'https://mcp.example.com/mcp' };
    expect(await withBundleCwd(dataDir, http)).toBe(http);
    await rm(folder(one), { recursive: true });
    expect(await withBundleCwd(dataDir, old)).toBe(old);
  });
});

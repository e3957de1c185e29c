import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleFoldersOf, pruneBundleFolders } from './bundle-prune';

let dataDir = '';
afterEach(async () => {
  if (dataDir !== '') await rm(dataDir, { recursive: true, force: true });
});

const hash = 'a'.repeat(64);

describe('pruning bundle folders', () => {
  it('finds the folders an entry runs from, by their SHA-256 naming only', () => {
    const bundles = path.join('/data', 'bundles');
    const entry = { command: 'node', args: [path.join(bundles, `io.example_echo@1.0.0-${hash}`, 'server/index.js')], env: { OTHER: path.join(bundles, 'mine'), OLD: path.join(bundles, 'x@1-abcdef012345') }, cwd: path.join(bundles, `io.example_echo@1.0.0-${hash}`) };
    expect(bundleFoldersOf('/data', entry)).toEqual([`io.example_echo@1.0.0-${hash}`]);
  });

  it('removes a removed entry\'s folder no entry names, keeps one still named, a link and a folder not ours', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bundle-prune-'));
    const folder = (name: string) => path.join(dataDir, 'bundles', name);
    const [gone, shared] = [`a@1-${hash}`, `b@1-${'b'.repeat(64)}`];
    await mkdir(folder(gone), { recursive: true });
    await mkdir(folder(shared), { recursive: true });
    await mkdir(path.join(dataDir, 'elsewhere'));
    await symlink(path.join(dataDir, 'elsewhere'), folder(`c@1-${'c'.repeat(64)}`));
    const entry = { command: 'node', args: [`${folder(gone)}/x.js`, `${folder(shared)}/y.js`, `${folder(`c@1-${'c'.repeat(64)}`)}/z.js`] };
    const inUse = JSON.stringify({ other: { command: 'node', args: [`${folder(shared)}/y.js`] } });
    expect(await pruneBundleFolders(dataDir, entry, () => Promise.resolve(inUse))).toEqual([gone]);
    expect(existsSync(folder(gone))).toBe(false);
    expect(existsSync(folder(shared))).toBe(true);
    expect(existsSync(path.join(dataDir, 'elsewhere'))).toBe(true);
  });
});

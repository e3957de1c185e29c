import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BundleClaim } from './bundle-claims';
import { bundleFoldersOf, orphanedBundles, pruneBundleFolders } from './bundle-prune';

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

describe('bundle folders no entry names', () => {
  it('are listed with their sizes and removed only when asked; a named, claimed, linked or foreign folder stays', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bundle-orphans-'));
    const folder = (name: string) => path.join(dataDir, 'bundles', name);
    const [orphan, named, claimed] = [`a@1-${hash}`, `b@1-${'b'.repeat(64)}`, `c@1-${'c'.repeat(64)}`];
    for (const name of [orphan, named, claimed, 'mine']) await mkdir(path.join(folder(name), 'server'), { recursive: true });
    await writeFile(path.join(folder(orphan), 'server', 'index.js'), 'x'.repeat(1000));
    await writeFile(path.join(folder(orphan), 'manifest.json'), '{}');
    await mkdir(path.join(dataDir, 'elsewhere'));
    await symlink(path.join(dataDir, 'elsewhere'), folder(`d@1-${'d'.repeat(64)}`));
    const inUse = () => Promise.resolve(JSON.stringify({ b: { command: 'node', args: [`${folder(named)}/server/index.js`] } }));
    const claim = new BundleClaim(dataDir);
    await claim.take(claimed);
    expect(await orphanedBundles(dataDir, inUse)).toEqual([{ name: orphan, bytes: 1002 }]);
    expect(existsSync(folder(orphan))).toBe(true);
    expect(await orphanedBundles(dataDir, inUse, true)).toEqual([{ name: orphan, bytes: 1002 }]);
    expect(existsSync(folder(orphan))).toBe(false);
    for (const kept of [named, claimed, 'mine']) expect(existsSync(folder(kept))).toBe(true);
    await claim.release();
    expect((await orphanedBundles(dataDir, inUse)).map((o) => o.name)).toEqual([claimed]);
  });
});

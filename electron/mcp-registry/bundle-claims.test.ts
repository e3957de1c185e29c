import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nodeBundle, serveFiles, sha256, type FileServer } from '../../test/fixtures/registry/mcpb-bundle';
import { BundleClaim, claimedFolders } from './bundle-claims';
import { pruneBundleFolders } from './bundle-prune';
import { deriveInstall } from './install-derive';
import type { ServerDetail } from './server-json';

let files: FileServer;
let server: ServerDetail;
let dataDir = '';

beforeAll(async () => {
  const bytes = await nodeBundle();
  files = await serveFiles({ '/echo.mcpb': bytes });
  server = { name: 'io.example/echo', description: 'Echo', version: '1.0.0', packages: [{ registryType: 'mcpb', identifier: files.url('/echo.mcpb'), version: '1.0.0', fileSha256: sha256(bytes), transport: { type: 'stdio' } }] };
}, 30_000);
afterAll(() => files?.close());
afterEach(async () => {
  if (dataDir !== '') await rm(dataDir, { recursive: true, force: true });
});

/** One install up to (not including) its config write: the bundle downloaded, claimed and unpacked or reused. */
async function installUpToWrite(claim: BundleClaim) {
  const plan = await deriveInstall(server, { package: 0 }, {}, (key) => key, { fetch, dataDir, registry: files.url(''), claim });
  if (!('command' in plan.config) || plan.config.cwd === undefined) throw new Error('no bundle command planned');
  return { config: plan.config, folder: plan.config.cwd };
}

describe('an install claims its bundle folder until its entry is written', () => {
  it('a removal of another entry of the same bundle, between the unpack and the config write, keeps the folder', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bundle-claims-'));
    const mcpServers: Record<string, unknown> = {};
    const inUse = () => Promise.resolve(JSON.stringify(mcpServers));
    const first = new BundleClaim(dataDir);
    const a = await installUpToWrite(first);
    mcpServers['a'] = a.config;
    await first.release();

    // The second install is held here: unpacked (reused), its entry not yet in mcp.json.
    const second = new BundleClaim(dataDir);
    const b = await installUpToWrite(second);
    expect(b.folder).toBe(a.folder);
    delete mcpServers['a'];
    expect(await pruneBundleFolders(dataDir, a.config, inUse)).toEqual([]);
    expect(existsSync(path.join(b.folder, 'server', 'index.js'))).toBe(true);

    // Written, then released: a later removal of it prunes the folder as before.
    mcpServers['b'] = b.config;
    await second.release();
    delete mcpServers['b'];
    expect(await pruneBundleFolders(dataDir, b.config, inUse)).toEqual([path.basename(b.folder)]);
    expect(existsSync(b.folder)).toBe(false);
  }, 30_000);

  it('an install that claims after a removal pruned the folder unpacks it again', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bundle-claims-'));
    const first = new BundleClaim(dataDir);
    const a = await installUpToWrite(first);
    await first.release();
    expect(await pruneBundleFolders(dataDir, a.config, () => Promise.resolve('{}'))).toEqual([path.basename(a.folder)]);
    const second = new BundleClaim(dataDir);
    const b = await installUpToWrite(second);
    expect(existsSync(path.join(b.folder, 'server', 'index.js'))).toBe(true);
    await second.release();
    expect(await readdir(path.join(dataDir, 'bundle-claims'))).toEqual([]);
  }, 30_000);

  it('a claim of a process gone is no claim, and is removed; an unreadable file is none either', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bundle-claims-'));
    const claims = path.join(dataDir, 'bundle-claims');
    await mkdir(claims, { recursive: true });
    // This process with a nonce it never held: a past run of the same pid.
    const gone = { owner: { v: 1, pid: process.pid, host: os.hostname(), nonce: 'not-held-here', since: new Date().toISOString() }, folder: `x@1-${'a'.repeat(64)}` };
    await writeFile(path.join(claims, 'gone.json'), JSON.stringify(gone));
    await writeFile(path.join(claims, 'junk.json'), '{"owner":');
    const live = new BundleClaim(dataDir);
    await live.take(`y@1-${'b'.repeat(64)}`);
    expect([...(await claimedFolders(dataDir))]).toEqual([`y@1-${'b'.repeat(64)}`]);
    expect((await readdir(claims)).includes('gone.json')).toBe(false);
    await live.release();
    expect([...(await claimedFolders(dataDir))]).toEqual([]);
  });
});

import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPassStore } from './pass-store';
import type { StoreSpawn } from './run-store-program';

// What the pass store decides from its folder alone; decryption is tested for real in
// test/integration/secret-store-pass.test.ts.
const neverSpawn: StoreSpawn = () => {
  throw new Error('pass must not run');
};

function storeDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cs-pass-unit-'));
  writeFileSync(join(dir, '.gpg-id'), 'KEY\n');
  mkdirSync(join(dir, 'work', 'deep'), { recursive: true });
  mkdirSync(join(dir, '.git'));
  for (const file of ['work/github-token.gpg', 'work/deep/a b.gpg', 'top.gpg', 'notes.txt', '.git/x.gpg']) writeFileSync(join(dir, file), '');
  return dir;
}

describe('the pass store', () => {
  it('lists entries from the folder, without decrypting, leaving out hidden folders and other files', async () => {
    const store = createPassStore({ name: 'pass', config: { type: 'pass', dir: storeDir() }, env: {}, spawn: neverSpawn });
    expect(await store.list?.()).toEqual(['top', 'work/deep/a b', 'work/github-token']);
  });

  it('an entry with no file is missing (the reference then names it), without running pass', async () => {
    const store = createPassStore({ name: 'pass', config: { type: 'pass', dir: storeDir() }, env: {}, spawn: neverSpawn });
    expect(await store.get('work/nope')).toBeUndefined();
    expect(await store.delete?.('work/nope')).toBe(false);
  });

  it('a folder that is no password store says to run pass init, by default from PASSWORD_STORE_DIR', async () => {
    const store = createPassStore({ name: 'pass', config: { type: 'pass' }, env: { PASSWORD_STORE_DIR: '/nonexistent/store' }, spawn: neverSpawn });
    await expect(store.get('a')).rejects.toMatchObject({
      code: 'auth_required',
      message: 'The secret store "pass" has no password store at /nonexistent/store.',
      data: { store: 'pass', agentMessage: 'The secret store "pass" has no password store.' },
    });
    const health = await store.health();
    expect(health.ok).toBe(false);
    expect(health.fix).toContain('pass init');
  });
});

describe('storing in pass', () => {
  it('refuses a value of several lines, which a reference would read only the first line of, without running pass', async () => {
    const store = createPassStore({ name: 'pass', config: { type: 'pass', dir: storeDir() }, env: {}, spawn: neverSpawn });
    await expect(store.set?.('work/key', 'line one\nline two\n')).rejects.toThrow('reads only the first line of a pass entry; nothing was stored');
  });
});

describe('what pass says when it fails', () => {
  it('keeps its explanation after the store folder readable (not read as a header), and still hides a token in it', async () => {
    // pass's default folder: `…/.password-store: why` reads like a header to redaction.
    const dir = join(mkdtempSync(join(tmpdir(), 'cs-pass-home-')), '.password-store');
    mkdirSync(dir);
    writeFileSync(join(dir, '.gpg-id'), 'KEY\n');
    writeFileSync(join(dir, 'top.gpg'), '');
    const bin = mkdtempSync(join(tmpdir(), 'cs-pass-bin-'));
    const complaint = `fatal: ${dir}: Permission denied`;
    // A pass that fails as a store folder not readable does: its folder, a colon, the why.
    writeFileSync(join(bin, 'pass'), `#!/bin/sh\necho '${complaint}' >&2\nexit 1\n`);
    chmodSync(join(bin, 'pass'), 0o755);
    const store = createPassStore({ name: 'pass', config: { type: 'pass', dir }, env: { PATH: `${bin}:/usr/bin:/bin` } });
    await expect(store.get('top')).rejects.toMatchObject({ message: `The secret store "pass" could not decrypt "top" (${complaint}).` });
    writeFileSync(join(bin, 'pass'), `#!/bin/sh\necho 'fatal: ${dir}: token=ghp_abcdefghijklmnopqrstuvwxyz0123456789' >&2\nexit 1\n`);
    await expect(store.get('top')).rejects.toMatchObject({ message: `The secret store "pass" could not decrypt "top" (fatal: ${dir}: token=[redacted]).` });
  });
});

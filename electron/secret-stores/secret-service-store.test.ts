import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretServiceStore, MAX_SECRET_TOOL_BYTES, secretServiceUnreachable } from './secret-service-store';

describe('secretServiceUnreachable', () => {
  it('keeps secret-tool’s diagnosis through redaction, without its own prefix', () => {
    const error = secretServiceUnreachable('keyring', 'secret-tool: Cannot autolaunch D-Bus without X11 $DISPLAY\n');
    expect(error.message).toBe('The secret store "keyring" cannot reach the Secret Service (Cannot autolaunch D-Bus without X11 $DISPLAY).');
    expect(error.hint).toMatch(/Start your keyring/);
  });

  it('says the fallback when secret-tool said nothing', () => {
    expect(secretServiceUnreachable('keyring', '\n', 'secret-tool exited with code 1').message).toBe('The secret store "keyring" cannot reach the Secret Service (secret-tool exited with code 1).');
  });
});

describe('the Secret Service store with no session bus at all', () => {
  it('says what secret-tool said, not a redacted line (the real secret-tool, no D-Bus, no display)', async () => {
    const store = createSecretServiceStore({ name: 'keyring', config: { type: 'secret-service' }, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
    const health = await store.health();
    expect(health.ok).toBe(false);
    expect(health.detail).toContain('cannot reach the Secret Service (Cannot autolaunch D-Bus');
    expect(health.detail).not.toContain('[redacted]');
  });
});

// A stand-in secret-tool (a shell script on PATH): `search` prints $FAKE_SEARCH's file, `store` takes
// its stdin and says it cut it (as libsecret-tools does, exiting 0), `clear` leaves a mark.
function fakeSecretTool(search: string | Buffer): { env: Record<string, string>; cleared: () => boolean; stored: () => boolean } {
  const dir = mkdtempSync(join(tmpdir(), 'cs-fake-secret-tool-'));
  writeFileSync(join(dir, 'search.txt'), search);
  writeFileSync(
    join(dir, 'secret-tool'),
    `#!/bin/sh\ncase "$1" in\n search) cat "${dir}/search.txt";;\n store) cat >/dev/null; touch "${dir}/stored"; echo 'secret-tool: password is too long' >&2;;\n clear) touch "${dir}/cleared";;\nesac\n`,
    { mode: 0o755 },
  );
  return {
    env: { PATH: `${dir}:${process.env.PATH ?? '/usr/bin:/bin'}` },
    cleared: () => existsSync(join(dir, 'cleared')),
    stored: () => existsSync(join(dir, 'stored')),
  };
}

const item = (secret: string, attributes: Record<string, string>): string =>
  `[/1]\nlabel = x\nsecret = ${secret}\ncreated = 2026-12-02 01:53:12\nmodified = 2026-12-02 01:53:12\n${Object.entries(attributes).map(([k, v]) => `attribute.${k} = ${v}\n`).join('')}`;

describe('the Secret Service store, deciding from what secret-tool prints', () => {
  const storeOn = (env: Record<string, string>) => createSecretServiceStore({ name: 'keyring', config: { type: 'secret-service' }, env });

  it('reads the item with exactly its attributes, not another program’s with more', async () => {
    const tool = fakeSecretTool(item('alice-pw', { service: 'github', username: 'alice' }) + item('ours\n', { service: 'github' }));
    expect(await storeOn(tool.env).get('github')).toBe('ours');
  });

  it("with no item of exactly its attributes, reads the one with them and more, never one of several", async () => {
    expect(await storeOn(fakeSecretTool(item('alice-pw', { service: 'github', username: 'alice' })).env).get('github')).toBe('alice-pw');
    const two = fakeSecretTool(item('alice-pw', { service: 'github', username: 'alice' }) + item('bob-pw', { service: 'github', username: 'bob' }));
    await expect(storeOn(two.env).get('github')).rejects.toThrow('2 items of the Secret Service have the attributes of "github" and more; none is read');
  });

  it('a locked item (its attributes maybe hashed) makes the store locked, not the item missing', async () => {
    const locked = 'secret-tool: Cannot get secret of a locked object\n[/1]\nlabel = \ncreated = \nmodified = \nattribute.gkr:compat:hashed:service = bf21\n';
    await expect(storeOn(fakeSecretTool(locked).env).get('github')).rejects.toThrow('The secret store "keyring" is locked.');
  });

  it('a value that is not UTF-8 is refused, not read with replacement characters', async () => {
    const tool = fakeSecretTool(Buffer.concat([Buffer.from(item('X', { service: 'bin' })).subarray(0, 24), Buffer.from([0xff, 0xfe]), Buffer.from(item('X', { service: 'bin' })).subarray(25)]));
    await expect(storeOn(tool.env).get('bin')).rejects.toThrow('whose value is not UTF-8 text');
  });

  it('refuses a value longer than secret-tool keeps, before running it', async () => {
    const tool = fakeSecretTool('');
    await expect(storeOn(tool.env).set?.('github', 'A'.repeat(MAX_SECRET_TOOL_BYTES + 1))).rejects.toThrow('more than the 8192 bytes');
    expect(tool.stored()).toBe(false);
  });

  it('a store that reads back otherwise is not stored', async () => {
    const tool = fakeSecretTool(item('cut', { service: 'github' }));
    await expect(storeOn(tool.env).set?.('github', 'the whole value')).rejects.toThrow('did not keep the value of "github" as given');
    expect(tool.stored()).toBe(true);
  });

  it('never stores over another program’s item, which the Secret Service would replace', async () => {
    const tool = fakeSecretTool(item('alice-pw', { service: 'github', username: 'alice' }));
    await expect(storeOn(tool.env).set?.('github', 'v')).rejects.toThrow('storing would replace one of them');
    expect(tool.stored()).toBe(false);
  });

  it('deletes only when its own item is the one match, saying how many match otherwise', async () => {
    const tool = fakeSecretTool(item('alice-pw', { service: 'github', username: 'alice' }) + item('ours', { service: 'github' }));
    await expect(storeOn(tool.env).delete?.('github')).rejects.toThrow('2 items of the Secret Service have the attributes of "github"');
    expect(tool.cleared()).toBe(false);
    const alone = fakeSecretTool(item('ours', { service: 'github' }));
    expect(await storeOn(alone.env).delete?.('github')).toBe(true);
    expect(alone.cleared()).toBe(true);
  });
});

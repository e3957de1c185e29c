import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSearch } from './secret-service-items';
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

// A stand-in secret-tool (a shell script on PATH): `search` prints its file, `store` takes its stdin
// and says it cut it (as libsecret-tools does, exiting 0), `clear` leaves a mark; each first sleeps
// `delay` seconds, or its run's own in `delays` (the first run's, then the second's…); a run given its
// own answer in `answers` prints that instead. A stand-in dbus-send answers the default collection's
// `Locked` with `locked`, and SearchItems with `listed` (unlocked) and `lockedItems` (default: the
// items the search prints, unlocked), or fails for `listed: 'no dbus-send'`.
interface FakeOptions {
  delay?: number;
  delays?: number[];
  answers?: Record<number, string>;
  locked?: boolean | 'no collection';
  listed?: string[] | 'no dbus-send';
  lockedItems?: string[];
}
const LOGIN = '/org/freedesktop/secrets/collection/login';
function fakeSecretTool(search: string | Buffer, options: FakeOptions = {}): { env: Record<string, string>; cleared: () => boolean; stored: () => boolean } {
  const dir = mkdtempSync(join(tmpdir(), 'cs-fake-secret-tool-'));
  writeFileSync(join(dir, 'search.txt'), search);
  for (const [run, answer] of Object.entries(options.answers ?? {})) writeFileSync(join(dir, `search.${run}.txt`), answer);
  writeFileSync(
    join(dir, 'secret-tool'),
    `#!/bin/sh\nrun=$(cat "${dir}/runs" 2>/dev/null || echo 0)\necho $((run + 1)) > "${dir}/runs"\ncase "$run" in\n${(options.delays ?? []).map((delay, run) => ` ${run}) sleep ${delay};;\n`).join('')} *) sleep ${options.delay ?? 0};;\nesac\ncase "$1" in\n search) if [ -f "${dir}/search.$run.txt" ]; then cat "${dir}/search.$run.txt"; else cat "${dir}/search.txt"; fi;;\n store) cat >/dev/null; touch "${dir}/stored"; echo 'secret-tool: password is too long' >&2;;\n clear) touch "${dir}/cleared";;\nesac\n`,
    { mode: 0o755 },
  );
  const reply = options.locked === 'no collection' ? 'echo "Error org.freedesktop.DBus.Error.UnknownMethod: Object does not exist" >&2; exit 1' : `echo '   variant       boolean ${String(options.locked === true)}'`;
  const printed = (parseSearch(search.toString())?.items ?? []).map((one) => `${LOGIN}${one.path}`);
  const listed = options.listed === 'no dbus-send' ? [] : (options.listed ?? printed);
  const items = `printf '   array [\\n      %s   ]\\n   array [\\n      %s   ]\\n' '${listed.join('      ')}' '${(options.lockedItems ?? []).join('      ')}'`;
  const searchItems = options.listed === 'no dbus-send' ? 'exit 127' : items;
  writeFileSync(join(dir, 'dbus-send'), `#!/bin/sh\ncase "$*" in\n *SearchItems*) ${searchItems};;\n *) ${reply};;\nesac\n`, { mode: 0o755 });
  return {
    env: { PATH: `${dir}:${process.env.PATH ?? '/usr/bin:/bin'}` },
    cleared: () => existsSync(join(dir, 'cleared')),
    stored: () => existsSync(join(dir, 'stored')),
  };
}

let items = 0;
const item = (secret: string, attributes: Record<string, string>, path = `/${++items}`): string =>
  `[${path}]\nlabel = x\nsecret = ${secret}\ncreated = 2026-12-02 01:53:12\nmodified = 2026-12-02 01:53:12\n${Object.entries(attributes).map(([k, v]) => `attribute.${k} = ${v}\n`).join('')}`;

describe('the Secret Service store, deciding from what secret-tool prints', () => {
  const storeOn = (env: Record<string, string>, timeoutMs?: number) => createSecretServiceStore({ name: 'keyring', config: { type: 'secret-service', ...(timeoutMs !== undefined ? { timeoutMs } : {}) }, env });

  it('health says the keyring is locked when its default collection is, though the probe finds no item', async () => {
    expect(await storeOn(fakeSecretTool('').env).health()).toEqual({ ok: true, detail: 'the Secret Service on the session bus' });
    const health = await storeOn(fakeSecretTool('', { locked: true }).env).health();
    expect(health).toMatchObject({ ok: false, detail: 'The secret store "keyring" is locked (the default keyring of the Secret Service, which holds its items, is locked).' });
    expect(health.fix).toContain('Unlock your keyring');
    // No default collection to ask (nothing stored yet): the search's answer stands.
    expect(await storeOn(fakeSecretTool('', { locked: 'no collection' }).env).health()).toMatchObject({ ok: true });
  });

  it('refuses to store a value whose lines would read back as another item, and stores ordinary ones of several lines', async () => {
    const shaped = fakeSecretTool('');
    await expect(storeOn(shaped.env).set?.('github', 'tok\ncreated = \nmodified = \n[/2]\nlabel = x\nsecret = other')).rejects.toThrow('has a line shaped like secret-tool\'s own output');
    await expect(storeOn(shaped.env).set?.('github', 'tok\ncreated = \nmodified = \nattribute.service = x')).rejects.toThrow('nothing was stored');
    expect(shaped.stored()).toBe(false);
    const aws = '[default]\naws_access_key_id = AKIAEXAMPLE\nlabel = x\n\n[work]\naws_access_key_id = AKIAOTHER';
    for (const value of ['-----BEGIN KEY-----\nAbc=\n-----END KEY-----', aws]) {
      const ordinary = fakeSecretTool(item(value, { service: 'github' }));
      await storeOn(ordinary.env).set?.('github', value);
      expect(ordinary.stored()).toBe(true);
    }
  });

  it('refuses, not mis-reads, an answer that prints one item twice (a value holding its lines)', async () => {
    const forged = `[/1]\nlabel = x\nsecret = real\ncreated = \nmodified = \n${item('evil', { service: 'github' }, '/1')}`;
    await expect(storeOn(fakeSecretTool(forged).env).get('github')).rejects.toThrow("could not tell its items apart in secret-tool's search answer");
  });

  it('a search past its time names secret-tool, not the shell it runs through', async () => {
    await expect(storeOn(fakeSecretTool('', { delay: 3 }).env, 500).get('github')).rejects.toThrow('did not answer within 1 s (secret-tool may be waiting to be unlocked)');
  });

  it('a keyring unlocked during the first search leaves the steps after it their whole time', async () => {
    // The first search (--unlock) takes 4 s of 6, as a person typing the password does; then each
    // step takes 2 s: a store and its read-back together, a clear alone, stay within the 6.
    const kept = fakeSecretTool(item('v', { service: 'github' }), { delays: [4, 2, 2] });
    await storeOn(kept.env, 6000).set?.('github', 'v');
    expect(kept.stored()).toBe(true);
    const cleared = fakeSecretTool(item('ours', { service: 'github' }), { delays: [4, 2] });
    expect(await storeOn(cleared.env, 6000).delete?.('github')).toBe(true);
    expect(cleared.cleared()).toBe(true);
  }, 30_000);

  it('a store and its read-back share the store’s timeout once, and a read-back past it is a timeout, not "not stored"', async () => {
    // The store and the read-back each stay within 3 s; the two together do not.
    const tool = fakeSecretTool(item('v', { service: 'github' }), { delays: [0, 2, 2] });
    await expect(storeOn(tool.env, 3000).set?.('github', 'v')).rejects.toThrow('did not answer within 3 s (secret-tool may be waiting to be unlocked)');
    expect(tool.stored()).toBe(true);
  }, 20_000);

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
    const tool = fakeSecretTool(locked, { listed: [], lockedItems: ['/org/freedesktop/secrets/collection/work/1'] });
    await expect(storeOn(tool.env).get('github')).rejects.toThrow('The secret store "keyring" is locked (the keyring "work" of the Secret Service, which holds its items, is locked).');
  });

  it('a value that is not UTF-8 is refused, not read with replacement characters', async () => {
    // The value's byte (X) is at 24 for a one-digit path.
    const text = Buffer.from(item('X', { service: 'bin' }, '/1'));
    const tool = fakeSecretTool(Buffer.concat([text.subarray(0, 24), Buffer.from([0xff, 0xfe]), text.subarray(25)]));
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

  it('refuses an item a value printed under a header the Secret Service does not list, though its attributes are exactly the path’s', async () => {
    const forged = item(`real\ncreated = \nmodified = \n[/99]\nlabel = x\nsecret = evil\ncreated = \nmodified = \nattribute.service = github\nattribute.username = alice\n[/98]\nlabel = y\nsecret = junk`, { application: 'evil', service: 'github', username: 'alice' }, '/2');
    await expect(storeOn(fakeSecretTool(forged, { listed: [`${LOGIN}/2`] }).env).get('github/alice')).rejects.toThrow("could not tell its items apart in secret-tool's search answer");
    // The items it lists, read as ever.
    expect(await storeOn(fakeSecretTool(item('ours', { service: 'github', username: 'alice' }) + item('x', { service: 'github', username: 'alice', application: 'a' })).env).get('github/alice')).toBe('ours');
  });

  it('without dbus-send to list the items, reads one item but not a choice among several', async () => {
    expect(await storeOn(fakeSecretTool(item('ours', { service: 'github' }), { listed: 'no dbus-send' }).env).get('github')).toBe('ours');
    const two = fakeSecretTool(item('ours', { service: 'github' }) + item('x', { service: 'github', username: 'a' }), { listed: 'no dbus-send' });
    await expect(storeOn(two.env).get('github')).rejects.toThrow('could not check the 2 items secret-tool found against the Secret Service');
  });

  it('health names a locked keyring other than the default that holds the items of the paths in use', async () => {
    const tool = fakeSecretTool('', { listed: [], lockedItems: ['/org/freedesktop/secrets/collection/work/4'] });
    expect(await storeOn(tool.env).health()).toMatchObject({ ok: true });
    const health = await storeOn(tool.env).health(['github']);
    expect(health).toMatchObject({ ok: false, detail: 'The secret store "keyring" is locked (the keyring "work" of the Secret Service, which holds its items, is locked).' });
    expect(health.fix).toContain('Unlock your keyring "work"');
  });

  it('a read-back that meets a keyring locked meanwhile says it is locked, not "not stored"', async () => {
    const lockedItem = 'secret-tool: Cannot get secret of a locked object\n[/1]\nlabel = \ncreated = \nmodified = \nattribute.service = github\n';
    const tool = fakeSecretTool('', { answers: { 2: lockedItem }, listed: [], lockedItems: [`${LOGIN}/1`] });
    const stored = storeOn(tool.env).set?.('github', 'v');
    await expect(stored).rejects.toThrow('The secret store "keyring" is locked (the keyring "login" of the Secret Service, which holds its items, is locked).');
    await expect(stored).rejects.toMatchObject({ hint: expect.stringMatching(/^Unlock your keyring "login": .*, then store the value again\.$/) as unknown });
    expect(tool.stored()).toBe(true);
  });
});

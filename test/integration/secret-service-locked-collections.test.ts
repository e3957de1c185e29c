import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { keyringPerFile } from '../support/keyring-per-file';

// docs/vault.md, "Checks": with a real gnome-keyring, a locked keyring that holds the store's items is
// named by the health check though it is not the default one, and a store whose read-back meets a
// keyring locked meanwhile says it is locked, in the same words, not that the value was not kept.
const LOGIN = '/org/freedesktop/secrets/collection/login';

describe('the Secret Service store and a locked keyring other than the default', () => {
  const { keyring, store } = keyringPerFile((bus) => bus.store('github', ['service', 'github'], 'ours'));
  const bus = (...args: string[]) =>
    execFileSync('dbus-send', ['--session', '--print-reply', '--dest=org.freedesktop.secrets', '/org/freedesktop/secrets', ...args], { env: { ...process.env, ...keyring().env }, stdio: 'ignore', timeout: 10_000 });
  const lockLogin = () => bus('org.freedesktop.Secret.Service.Lock', `array:objpath:${LOGIN}`);

  it('a read-back that meets the keyring locked after the store says it is locked and how to unlock it', async () => {
    // secret-tool as installed, but the keyring is locked as soon as its store has run: the order a
    // screen lock between the store and its read-back makes. The lock is asked again until the
    // collection says it is locked, and what it said is kept, so a lock that did not take is told
    // apart from a read-back that found the value.
    const dir = mkdtempSync(join(tmpdir(), 'cs-lock-after-store-'));
    const real = execFileSync('sh', ['-c', 'command -v secret-tool'], { encoding: 'utf8' }).trim();
    const send = 'dbus-send --session --print-reply=literal --dest=org.freedesktop.secrets';
    writeFileSync(
      join(dir, 'secret-tool'),
      [
        '#!/bin/sh',
        `[ "$1" = store ] || exec ${real} "$@"`,
        `${real} "$@"; code=$?`,
        'for try in 1 2 3 4 5; do',
        `  ${send} /org/freedesktop/secrets org.freedesktop.Secret.Service.Lock array:objpath:${LOGIN} >/dev/null 2>>"${dir}/lock.log"`,
        `  state=$(${send} ${LOGIN} org.freedesktop.DBus.Properties.Get string:org.freedesktop.Secret.Collection string:Locked 2>>"${dir}/lock.log")`,
        `  echo "try $try: $state" >>"${dir}/lock.log"`,
        '  case "$state" in *true*) break;; esac',
        '  sleep 0.2',
        'done',
        'exit $code',
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
    const stored = await store({ PATH: `${dir}:${process.env.PATH ?? ''}` })
      .set?.('fresh', 'new value')
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    const lock = readFileSync(join(dir, 'lock.log'), 'utf8');
    expect(lock, 'the stand-in locked the keyring').toMatch(/boolean\s+true/);
    expect(stored).toBeInstanceOf(Error);
    expect((stored as Error).message).toBe('The secret store "secret-service" is locked (the keyring "login" of the Secret Service, which holds its items, is locked).');
    expect(stored).toMatchObject({ hint: expect.stringContaining('Unlock your keyring "login"') as unknown });
  }, 90_000);

  it('health names the locked keyring holding the items of the paths in use, while the default one is unlocked', async () => {
    // The default alias on the session collection (never locked): the login keyring, locked, holds github.
    bus('org.freedesktop.Secret.Service.SetAlias', 'string:default', 'objpath:/org/freedesktop/secrets/collection/session');
    lockLogin();
    expect(await store().health()).toEqual({ ok: true, detail: 'the Secret Service on the session bus' });
    const health = await store().health(['github']);
    expect(health.detail).toBe('The secret store "secret-service" is locked (the keyring "login" of the Secret Service, which holds its items, is locked).');
    expect(health.fix).toContain('Unlock your keyring "login"');
    // `secrets stores` asks it for the paths the servers' entries name.
    const home = tempHome('cs-locked-collection-');
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { gh: { command: process.execPath, args: ['-e', ''], env: { TOKEN: '${secret:secret-service:github}' } } } }));
    const listed = await runCli(home, ['secrets', 'stores'], { env: { CONNECTED_SERVICES_PASSPHRASE: 'locked collection test passphrase', ...keyring().env } });
    expect(listed.code).toBe(1);
    expect(listed.stdout + listed.stderr).toContain('is locked (the keyring "login" of the Secret Service');
  }, 90_000);
});

import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { Settings } from '../../shared/config';
import type { CodedError } from '../../shared/errors';
import { FakeChild } from '../../test/support/fake-child';
import { createSecretStores } from './open-stores';
import type { StoreSpawn } from './run-store-program';
import { attributesOf } from './secret-service-store';

/** A spawn whose program prints `stdout` and exits `code`; records each argv. */
function program(stdout: string, code = 0): { spawn: StoreSpawn; argv: string[][] } {
  const argv: string[][] = [];
  const spawn: StoreSpawn = (command, args) => {
    argv.push([command, ...args]);
    const child = new FakeChild();
    setImmediate(() => {
      child.stdout.end(stdout);
      setImmediate(() => child.exit(code, null));
    });
    return child as unknown as ChildProcessWithoutNullStreams;
  };
  return { spawn, argv };
}

const vault = {
  values: new Map<string, string>([['_global/secret:TOKEN', 'vault-token'], ['github/secret:TOKEN', 'scoped-token']]),
  get(key: { server: string; kind: string }) {
    return Promise.resolve(this.values.get(`${key.server}/${key.kind}`));
  },
  set: () => Promise.resolve(),
  delete: () => Promise.resolve(false),
  keys: () => Promise.resolve([]),
  health: () => ({ state: 'ready' }) as ReturnType<Parameters<typeof createSecretStores>[0]['vault']['health']>,
};

function stores(settings: Settings, spawn?: StoreSpawn, approved = true) {
  return createSecretStores({ settings: () => settings, vault, env: { PATH: '/usr/bin', HOME: '/home/me' }, approval: () => (approved ? 'approved' : 'pending'), ...(spawn ? { spawn } : {}) });
}

describe('createSecretStores', () => {
  it('knows the vault and the three defaults without an entry, and its configured ones', () => {
    const names = stores({ secretStores: { op: { type: 'command', command: 'op', args: ['read', '{path}'] } } }).list().map((s) => s.name);
    expect(names).toEqual(['vault', 'pass', 'keepassxc', 'secret-service', 'op']);
  });

  it('an unknown store is an invalid_config error naming it and the stores there are', () => {
    expect(() => stores({}).open('lastpass')).toThrow('No secret store is named "lastpass".');
  });

  it('the vault store looks in the server’s own secrets first', async () => {
    const resolve = stores({}).resolverFor('github');
    expect(await resolve('vault', 'TOKEN')).toBe('scoped-token');
    expect(await stores({}).resolverFor('other')('vault', 'TOKEN')).toBe('vault-token');
  });

  it('a command store puts the path into its arguments, one argument each, and drops one final newline', async () => {
    const { spawn, argv } = program('s3cr3t value\n\n');
    const settings: Settings = { secretStores: { op: { type: 'command', command: 'op', args: ['read', 'op://{path}?x={path}', '--no-newline'] } } };
    expect(await stores(settings, spawn).resolverFor()('op', 'Vault/Item; $(rm -rf ~)')).toBe('s3cr3t value\n');
    expect(argv).toEqual([['op', 'read', 'op://Vault/Item; $(rm -rf ~)?x=Vault/Item; $(rm -rf ~)', '--no-newline']]);
  });

  it('a command store runs nothing until its command line is approved', async () => {
    const { spawn, argv } = program('x');
    const settings: Settings = { secretStores: { op: { type: 'command', command: 'op', args: ['read', '{path}'] } } };
    await expect(stores(settings, spawn, false).resolverFor()('op', 'a')).rejects.toMatchObject({
      code: 'auth_required',
      message: 'The secret store "op" runs `op read {path}`, which waits for your approval.',
      hint: 'Review it, then run `connected-services secrets stores approve op`.',
    });
    expect(argv).toEqual([]);
  });

  it('a waiting command store gives the person its whole command line, and agents only that it waits (data.agentMessage)', async () => {
    const { spawn } = program('x');
    const settings: Settings = { secretStores: { op: { type: 'command', command: '/home/me/tools/op', args: ['read', '--account', 'me@work.example', '{path}'] } } };
    const refused = await stores(settings, spawn, false)
      .resolverFor()('op', 'a')
      .catch((error: unknown) => error as CodedError);
    const whole = 'The secret store "op" runs `/home/me/tools/op read --account me@work.example {path}`, which waits for your approval.';
    expect(refused).toMatchObject({ code: 'auth_required', message: whole, data: { store: 'op', agentMessage: 'The secret store "op" waits for the person\'s approval.' } });
    expect(await stores(settings, spawn, false).open('op').health()).toMatchObject({ ok: false, detail: whole });
  });

  it('a command that prints nothing gives no value (the reference is then missing)', async () => {
    const settings: Settings = { secretStores: { op: { type: 'command', command: 'op' } } };
    expect(await stores(settings, program('\n').spawn).resolverFor()('op', 'a')).toBeUndefined();
  });
});

describe('Secret Service paths', () => {
  it('SERVICE/ACCOUNT, SERVICE, or attributes; never an argument secret-tool reads as an option', () => {
    expect(attributesOf('github/octo cat')).toEqual(['service', 'github', 'username', 'octo cat']);
    expect(attributesOf('github')).toEqual(['service', 'github']);
    expect(attributesOf('xdg:schema=org.x.Y,user=me=you')).toEqual(['xdg:schema', 'org.x.Y', 'user', 'me=you']);
    expect(() => attributesOf('a=-x')).toThrow('starting with "-"');
    expect(() => attributesOf('svc/--help')).toThrow('starting with "-"');
    expect(() => attributesOf('=x')).toThrow('without a name');
    expect(() => attributesOf('connected-services')).toThrow("the vault's own key");
    expect(() => attributesOf('username=vault-key-abcdefgh')).toThrow("the vault's own key");
    expect(() => attributesOf('service=other,service=connected-services')).toThrow('names an attribute twice');
  });
});

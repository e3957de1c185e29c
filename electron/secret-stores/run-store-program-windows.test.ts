import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { FakeChild, spawnOf } from '../../test/support';
import { crossSpawnAsOnWindows, windowsPath } from '../../test/support/cross-spawn-windows';
import { runStoreProgram, type StoreSpawn } from './run-store-program';

const crossSpawn = crossSpawnAsOnWindows();
const PATH = windowsPath(['bw.CMD', 'op.EXE']);

afterAll(() => rmSync(PATH, { recursive: true, force: true }));

function harness() {
  const child = new FakeChild();
  const spawned: { command: string; args: readonly string[]; env: unknown; detached: unknown }[] = [];
  const spawn: StoreSpawn = spawnOf(child, spawned);
  // win32: the stand-in's exit signals no real process.
  const run = (command: string, args: string[]) => runStoreProgram(command, args, { store: 'bw', env: { PATH }, spawn, platform: 'win32', crossSpawn });
  return { child, spawned, run };
}

describe('runStoreProgram on Windows', () => {
  it('starts a .cmd program (npm\'s bw) through cmd.exe as cross-spawn parses it, and gives its output', async () => {
    const { child, spawned, run } = harness();
    const running = run('bw', ['get', 'password', 'github']);
    child.stdout.write('s3cret\n');
    await new Promise((resolve) => setImmediate(resolve));
    child.exit(0, null);
    expect(await running).toEqual({ code: 0, stdout: 's3cret\n', stderr: '', utf8: true });
    expect(spawned).toEqual([{ command: process.env.comspec ?? 'cmd.exe', args: ['/d', '/s', '/c', '"bw ^"get^" ^"password^" ^"github^""'], env: { PATH }, detached: false }]);
  });

  it('starts an .exe without cmd.exe, its arguments as they are, % included', async () => {
    const { child, spawned, run } = harness();
    const running = run('op', ['read', 'op://vault/50%/password']);
    child.exit(0, null);
    await running;
    expect(spawned).toEqual([{ command: 'op', args: ['read', 'op://vault/50%/password'], env: { PATH }, detached: false }]);
  });

  it('refuses an argument with % for a .cmd, naming its index and never its value, and starts nothing', async () => {
    const { spawned, run } = harness();
    const error = await run('bw', ['get', 'password', 'team/%APPDATA%-key']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'auth_required', data: { store: 'bw' } });
    expect((error as Error).message).toBe('The secret store "bw" could not start "bw": its args[2] holds "%", and bw runs through cmd.exe, which would expand it as an environment variable.');
    expect(`${(error as Error).message} ${(error as { hint?: string }).hint ?? ''}`).not.toContain('APPDATA');
    expect((error as { hint?: string }).hint).toContain("the program's .exe");
    expect(spawned).toEqual([]);
  });

  it('says a program on none of PATH\'s folders is not installed, without running cmd.exe to find out', async () => {
    const { spawned, run } = harness();
    const error = await run('gopass', ['show', '-o', 'x']).catch((e: unknown) => e);
    expect((error as Error).message).toBe('The secret store "bw" needs the program "gopass", which is not installed (or not on PATH).');
    expect(spawned).toEqual([]);
  });
});

describe('runStoreProgram elsewhere', () => {
  it('runs the program as written, without a shell: % reaches it as it is', async () => {
    const result = await runStoreProgram('echo', ['50%', '%PATH%'], { store: 'echo', env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, crossSpawn });
    expect(result).toMatchObject({ code: 0, stdout: '50% %PATH%\n' });
  });
});

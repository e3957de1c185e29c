import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeChild } from '../../test/support/fake-child';
import { MAX_STORE_OUTPUT, runStoreProgram, type StoreSpawn } from './run-store-program';

function fake(): { child: FakeChild; spawn: StoreSpawn; calls: { command: string; args: readonly string[]; shell: unknown; env: unknown; detached: unknown }[] } {
  const child = new FakeChild();
  const calls: { command: string; args: readonly string[]; shell: unknown; env: unknown; detached: unknown }[] = [];
  const spawn: StoreSpawn = (command, args, options) => {
    calls.push({ command, args, shell: options.shell, env: options.env, detached: options.detached });
    return child as unknown as ChildProcessWithoutNullStreams;
  };
  return { child, spawn, calls };
}

afterEach(() => vi.useRealTimers());

describe('runStoreProgram', () => {
  it('runs the program without a shell, argv as given, feeds and closes stdin, and gives its output', async () => {
    const { child, spawn, calls } = fake();
    let input = '';
    child.stdin.on('data', (chunk: Buffer) => (input += chunk.toString()));
    // win32: the stand-in's exit signals no real process group.
    const running = runStoreProgram('pass', ['show', '--', 'a b; rm -rf ~'], { store: 'pass', env: { PATH: '/usr/bin' }, input: 'pw\n', spawn, platform: 'win32' });
    child.stdout.write('value\n');
    child.stderr.write('note\n');
    await new Promise((resolve) => setImmediate(resolve));
    child.exit(0, null);
    expect(await running).toEqual({ code: 0, stdout: 'value\n', stderr: 'note\n', utf8: true });
    expect(calls).toEqual([{ command: 'pass', args: ['show', '--', 'a b; rm -rf ~'], shell: false, env: { PATH: '/usr/bin' }, detached: false }]);
    expect(input).toBe('pw\n');
  });

  it('kills a program that does not answer in time: the store did not answer, never a hang', async () => {
    vi.useFakeTimers();
    const { child, spawn } = fake();
    const running = runStoreProgram('op', ['read', 'x'], { store: 'op', env: {}, timeoutMs: 2000, spawn, platform: 'win32' });
    const settled = running.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(2000);
    expect(child.signals).toEqual(['SIGKILL']);
    expect(await settled).toMatchObject({ code: 'auth_required', message: 'The secret store "op" did not answer within 2 s (op may be waiting to be unlocked).' });
  });

  it('settles on the program\'s exit with what it printed when its pipes stay open, after a bounded drain and not its time limit', async () => {
    vi.useFakeTimers();
    const { child, spawn } = fake();
    const running = runStoreProgram('pass', [], { store: 'pass', env: {}, timeoutMs: 600_000, spawn, platform: 'win32' });
    let result: unknown;
    void running.then((value) => (result = value));
    child.stdout.write('value\n');
    await vi.advanceTimersByTimeAsync(0);
    // Exited, as node marks it before 'exit'; no 'close' follows (a pipe is still held).
    child.exitCode = 0;
    child.emit('exit', 0, null);
    await vi.advanceTimersByTimeAsync(999);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toEqual({ code: 0, stdout: 'value\n', stderr: '', utf8: true });
    expect(child.stdout.destroyed).toBe(true);
  });

  it('stops a program that prints more than one secret could be', async () => {
    const { child, spawn } = fake();
    const running = runStoreProgram('op', [], { store: 'op', env: {}, spawn, platform: 'win32' });
    const settled = running.catch((e: unknown) => e);
    child.stdout.write(Buffer.alloc(MAX_STORE_OUTPUT + 1, 0x61));
    await new Promise((resolve) => setImmediate(resolve));
    expect(child.signals).toEqual(['SIGKILL']);
    expect(await settled).toMatchObject({ code: 'auth_required', message: expect.stringContaining('no one secret') as unknown });
  });

  it('a program that is not installed is the store’s error, naming the program', async () => {
    const error = await runStoreProgram('no-such-password-manager-xyz', [], { store: 'vaultx', env: { PATH: '/nonexistent' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'auth_required', data: { store: 'vaultx' } });
    expect((error as Error).message).toBe('The secret store "vaultx" needs the program "no-such-password-manager-xyz", which is not installed (or not on PATH).');
  });
});

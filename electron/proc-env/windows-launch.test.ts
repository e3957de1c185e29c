import { ChildProcess, type SpawnOptions } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { crossSpawnAsOnWindows, windowsPath } from '../../test/support/cross-spawn-windows';
import type { SpawnLike } from './spawn-like';
import { CmdPercentError, commandLauncher } from './windows-launch';

const windows = crossSpawnAsOnWindows();
const PATH = windowsPath(['npx.CMD', 'node.EXE', 'run%.CMD']);

afterAll(() => rmSync(PATH, { recursive: true, force: true }));

/** A spawn that records what it was handed and starts nothing. */
function recorder(): { spawn: SpawnLike; calls: { command: string; args: readonly string[]; options: SpawnOptions }[] } {
  const calls: { command: string; args: readonly string[]; options: SpawnOptions }[] = [];
  return {
    calls,
    spawn: (command, args, options) => {
      calls.push({ command, args, options });
      return new ChildProcess();
    },
  };
}

const options: SpawnOptions = { env: { PATH }, stdio: 'pipe', shell: false, windowsHide: true };

describe('commandLauncher', () => {
  it('on Windows runs `npx -y pkg` as cross-spawn does: npx.cmd found by PATHEXT, through cmd.exe with its escaping', () => {
    const { spawn, calls } = recorder();
    commandLauncher('win32', spawn, windows)('npx', ['-y', 'pkg'], options);
    const parsed = windows.parse('npx', ['-y', 'pkg'], options);
    expect(parsed.file).toBe(`${PATH}/npx.CMD`);
    expect(calls).toEqual([{ command: parsed.command, args: parsed.args, options: parsed.options }]);
    expect(calls[0]?.command).toBe(process.env.comspec ?? 'cmd.exe');
    expect(calls[0]?.args).toEqual(['/d', '/s', '/c', '"npx ^"-y^" ^"pkg^""']);
    expect(calls[0]?.options).toMatchObject({ shell: false, windowsVerbatimArguments: true, env: { PATH } });
  });

  it('elsewhere hands the command to spawn as it is, without a shell', () => {
    const { spawn, calls } = recorder();
    for (const platform of ['linux', 'darwin'] as const) commandLauncher(platform, spawn, windows)('npx', ['-y', '%PATH%'], options);
    // cross-spawn as loaded here (not Windows): its parse leaves every command as it is.
    commandLauncher('win32', spawn)('npx', ['-y', '%PATH%'], options);
    expect(calls).toEqual([
      { command: 'npx', args: ['-y', '%PATH%'], options },
      { command: 'npx', args: ['-y', '%PATH%'], options },
      { command: 'npx', args: ['-y', '%PATH%'], options },
    ]);
  });

  it('refuses an argument with % for a program that runs through cmd.exe, naming which, and spawns nothing', () => {
    const { spawn, calls } = recorder();
    const launch = commandLauncher('win32', spawn, windows);
    const refused = (command: string, args: string[]): unknown => {
      try {
        launch(command, args, options);
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const error = refused('npx', ['-y', 'pkg', '--token=%SECRET%']);
    expect(error).toBeInstanceOf(CmdPercentError);
    expect(error).toMatchObject({ argIndex: 2 });
    // Not found on PATH: Node's ENOENT, not cmd.exe run to say so.
    expect(refused('missing', ['50%'])).toMatchObject({ code: 'ENOENT', message: 'spawn missing ENOENT' });
    expect(refused('run%', [])).toMatchObject({ argIndex: undefined, message: 'the command holds "%", which cmd.exe would expand' });
    expect(calls).toEqual([]);
    // A program found as .exe is started without cmd.exe: its arguments reach it as they are.
    expect(refused('node', ['-e', 'console.log("100%")'])).toBeUndefined();
    expect(calls.map((c) => [c.command, c.args])).toEqual([['node', ['-e', 'console.log("100%")']]]);
  });
});

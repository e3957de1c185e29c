import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { CodedError } from '../../shared/errors';
import { FakeChild, spawnOf } from '../../test/support';
import { crossSpawnAsOnWindows, windowsPath } from '../../test/support/cross-spawn-windows';
import { StdioProcessTransport, type StdioTransportOptions } from './stdio-transport';

const crossSpawn = crossSpawnAsOnWindows();
const PATH = windowsPath(['npx.CMD']);

afterAll(() => rmSync(PATH, { recursive: true, force: true }));

function harness(options: Partial<StdioTransportOptions>) {
  const child = new FakeChild();
  const spawned: { command: string; args: readonly string[]; env: unknown; detached: unknown }[] = [];
  // win32 without SystemRoot: the stop signals the fake child, never a real process.
  const transport = new StdioProcessTransport({ server: 'fake', command: 'npx', args: ['-y', 'pkg'], env: { PATH }, spawn: spawnOf(child, spawned), platform: 'win32', crossSpawn, stopGraceMs: 50, ...options });
  transport.onerror = () => undefined;
  return { transport, spawned };
}

describe('StdioProcessTransport on Windows', () => {
  it('starts an npx server through cmd.exe as cross-spawn parses it (npx alone is npx.cmd, which Node will not find)', async () => {
    const { transport, spawned } = harness({});
    await transport.start();
    expect(spawned).toEqual([{ command: process.env.comspec ?? 'cmd.exe', args: ['/d', '/s', '/c', '"npx ^"-y^" ^"pkg^""'], env: { PATH }, detached: false }]);
    await transport.close();
  });

  it('refuses an argument with % that cmd.exe would expand, naming it and what to do, and starts nothing', async () => {
    const { transport, spawned } = harness({ args: ['-y', 'pkg', '--dir=%USERPROFILE%\\data'] });
    const error = (await transport.start().catch((e: unknown) => e)) as CodedError;
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toBe('could not start "fake": its args[2] holds "%", and `npx` runs through cmd.exe, which would expand it as an environment variable');
    expect(error.hint).toContain("run the program's .exe");
    expect(spawned).toEqual([]);
  });

  it('says a program not on PATH was not found, without running cmd.exe to find out', async () => {
    const { transport, spawned } = harness({ command: 'missing' });
    const error = (await transport.start().catch((e: unknown) => e)) as CodedError;
    expect(error.message).toBe('could not start "fake": `missing` was not found');
    expect(error.hint).toBe('`missing` was not found on PATH; run `connected-services doctor`');
    expect(spawned).toEqual([]);
  });
});

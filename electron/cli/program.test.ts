import { afterEach, describe, expect, it } from 'vitest';
import { buildProgram, runProgram } from './program';

describe('runProgram', () => {
  afterEach(() => {
    process.exitCode = undefined;
  });

  it("answers an option's own refusal (a port that is none) with a coded message and exit 2, not a stack trace", async () => {
    const lines: string[] = [];
    const output = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    await runProgram(['node', 'connected-services', 'serve', '--port', 'abc'], {}, output);
    expect(process.exitCode).toBe(2);
    expect(lines).toEqual(['error [invalid_input]: A port is a whole number from 0 to 65535, not "abc"', '  hint: For example: --port 8080, or --port 0 for a free one']);
  });

  it('refuses an empty argument as a missing one (required) or one to leave out (optional), before any action runs', async () => {
    const lines: string[] = [];
    const output = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    await runProgram(['node', 'connected-services', 'servers', 'remove', ''], {}, output);
    expect(process.exitCode).toBe(2);
    await runProgram(['node', 'connected-services', 'tools', ' '], {}, output);
    expect(lines).toEqual([
      "error [invalid_input]: missing required argument 'name' (it was given empty)",
      '  hint: Usage: `connected-services servers remove [options] <name>`. `connected-services help servers remove` explains it (docs/cli.md#servers-remove)',
      'error [invalid_input]: <server> was given an empty value: give one, or leave it out',
      '  hint: Usage: `connected-services tools [options] [server]`. `connected-services help tools` explains it (docs/cli.md#tools)',
    ]);
  });

  it("serve's help names the bridge's default port, and that the UI's is a free one at each start", () => {
    const output = { out: () => undefined, err: () => undefined };
    const serve = buildProgram({}, output).commands.find((c) => c.name() === 'serve');
    const help = (serve?.helpInformation() ?? '').replace(/\s+/g, ' ');
    expect(help).toContain('--port <n> a fixed UI port (default: a free one, new at each start)');
    expect(help).toContain('--bridge-port <n> agent bridge port (default 47781, or settings.bridgePort; 0 picks a free one)');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { runProgram } from './program';

describe('runProgram', () => {
  afterEach(() => {
    process.exitCode = undefined;
  });

  it("answers an option's own refusal (a port that is none) with a coded message and exit 2, not a stack trace", async () => {
    const lines: string[] = [];
    const output = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    await runProgram(['node', 'connected-services', 'serve', '--port', 'abc'], {}, output);
    expect(process.exitCode).toBe(2);
    expect(lines).toEqual(['error [invalid_input]: A port is a whole number from 0 to 65535, not "abc"']);
  });
});

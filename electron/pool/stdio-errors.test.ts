import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CmdPercentError } from '../proc-env';
import { lineTooLong, spawnError } from './stdio-errors';

const ENOENT = Object.assign(new Error('spawn ENOENT'), { code: 'ENOENT' });

describe('spawnError: a program that was not found', () => {
  it('a bare name was looked up on PATH', () => {
    expect(spawnError(ENOENT, { server: 'x', command: 'no-such-program' }).hint).toBe('`no-such-program` was not found on PATH; run `connected-services doctor`');
  });

  it('a path names a file that is not there (no PATH is searched), and says how to fix the command', () => {
    const error = spawnError(ENOENT, { server: 'broken', command: '/nonexistent/program' });
    expect(error.message).toBe('could not start "broken": `/nonexistent/program` was not found');
    expect(error.hint).toBe('there is no program at `/nonexistent/program`: fix the command of "broken" (`connected-services servers edit broken --command …`), or install the program there');
  });

  it('a working folder that is not there names "cwd" as the field to fix, the command one that is missing', () => {
    const missingFolder = join(mkdtempSync(join(tmpdir(), 'cs-spawn-')), 'gone');
    expect(spawnError(ENOENT, { server: 's', command: 'node', cwd: missingFolder }).data).toEqual({ fixIn: 'entry', field: 'cwd' });
    expect(spawnError(ENOENT, { server: 's', command: 'no-such-program' }).data).toEqual({ fixIn: 'entry', field: 'command' });
  });

  it('a file that is there: the interpreter its #! line names is what is missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cs-spawn-'));
    writeFileSync(join(dir, 'server'), '#!/nonexistent/interpreter\n');
    chmodSync(join(dir, 'server'), 0o755);
    expect(spawnError(ENOENT, { server: 's', command: './server', cwd: dir }).hint).toContain('is there, but the interpreter its first line (`#!…`) names was not found');
  });
});

describe('spawnError: a value Node refuses to pass to a program', () => {
  it("names the property, never Node's quote of the value (a secret the redactor no longer recognises)", () => {
    let thrown: unknown;
    try {
      spawnSync(process.execPath, ['-e', ''], { env: { API_TOKEN: 'TOPSECRET-VALUE\0tail' } });
    } catch (error) {
      thrown = error;
    }
    expect((thrown as NodeJS.ErrnoException).code).toBe('ERR_INVALID_ARG_VALUE');
    const error = spawnError(thrown, { server: 'srv', command: 'node' });
    expect(error.message).toBe(`could not start "srv": options.env['API_TOKEN'] cannot be passed to a program`);
    expect(`${error.message} ${error.hint ?? ''}`).not.toContain('TOPSECRET');
    expect(error.data).toEqual({ fixIn: 'entry', field: 'env' });
  });

  it('names the argument as the field when an argument is refused', () => {
    let thrown: unknown;
    try {
      spawnSync(process.execPath, ['-e', '', 'a\0b']);
    } catch (error) {
      thrown = error;
    }
    expect(spawnError(thrown, { server: 'srv', command: 'node' }).data).toEqual({ fixIn: 'entry', field: 'args' });
  });
});

describe('spawnError: a "%" that cmd.exe would expand', () => {
  it('names the argument that holds it, by its index in args, as the field to fix', () => {
    expect(spawnError(new CmdPercentError(1), { server: 'srv', command: 'tool.cmd' }).data).toEqual({ fixIn: 'entry', field: 'args', index: 1 });
    expect(spawnError(new CmdPercentError(undefined), { server: 'srv', command: '%x%.cmd' }).data).toEqual({ fixIn: 'entry', field: 'command' });
  });
});

describe('lineTooLong', () => {
  it('says the bound in MiB, and a small one in KiB rather than "0 MiB"', () => {
    expect(lineTooLong('big', 8 * 1024 * 1024, 0x7b).message).toBe('"big" sent a message over 8 MiB; it was not read, and the server was stopped (one message from a server may hold at most 8 MiB)');
    expect(lineTooLong('small', 48 * 1024, 0x7b).message).toContain('over 48 KiB');
    expect(lineTooLong('stray', 48 * 1024, 0x41).message).toBe('"stray" wrote more than 48 KiB without a line break; it was stopped');
  });
});

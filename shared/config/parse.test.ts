import { describe, expect, it } from 'vitest';
import { formatIssue } from './issue';
import { redact } from '../redact';
import { parseConfigText, parseConfigTextTolerant } from './parse';

function issues(text: string): string[] {
  const result = parseConfigText(text, 'mcp.json');
  return result.ok ? [] : result.issues.map(formatIssue);
}

describe('parseConfigText', () => {
  it('says VS Code\'s "servers" key is read as no servers, without making the file unusable', () => {
    const text = JSON.stringify({ servers: { files: { command: 'npx', args: ['-y', 'x'] } }, settings: { auditArguments: true } });
    expect(issues(text)).toEqual(['mcp.json: field "servers": is VS Code\'s name for the servers; this file reads them from "mcpServers": rename the key (`connected-services import vscode` brings over VS Code\'s own)']);
    const tolerant = parseConfigTextTolerant(text, 'mcp.json');
    expect(tolerant.ok && tolerant.skipped.length).toBe(1);
    expect(tolerant.ok && tolerant.config.settings?.auditArguments).toBe(true);
    // Beside mcpServers it is another program's key, and kept as such.
    expect(issues(JSON.stringify({ mcpServers: {}, servers: { x: {} } }))).toEqual([]);
  });

  it('accepts the mcpServers format of other clients plus our fields', () => {
    const result = parseConfigText(
      JSON.stringify({
        mcpServers: {
          files: { command: 'npx', args: ['-y', 'x'], env: { A: 'b' }, cwd: '/tmp', timeoutMs: 5000, tools: { deny: ['write_*'] } },
          remote: { type: 'http', url: 'https://mcp.example.com/mcp', headers: { 'X-A': 'b' }, enabled: false },
          typed: { type: 'stdio', command: 'node' },
        },
        globalShortcut: 'kept by others',
      }),
      'mcp.json',
    );
    expect(result.ok).toBe(true);
  });

  it('locates malformed JSON by line and column without quoting the file', () => {
    const [message] = issues('{\n  "mcpServers": {\n    "a": { "command": sk-live-123 }\n  }\n}');
    expect(message).toMatch(/^mcp\.json: not valid JSON at line 3, column \d+/);
    expect(message).not.toContain('sk-live-123');
  });

  it('refuses a URL with a user or password, without repeating it', () => {
    const [message] = issues('{"mcpServers":{"a":{"type":"http","url":"https://me:hunter2@mcp.example.com/mcp"}}}');
    expect(message).toMatch(/^mcp\.json: server "a": field "url": must not carry a user name or password/);
    expect(message).not.toContain('hunter2');
    expect(issues('{"mcpServers":{"a":{"type":"http","url":"https://me@mcp.example.com/mcp"}}}')[0]).toContain('must not carry a user name');
    expect(issues('{"mcpServers":{"a":{"type":"http","url":"https://mcp.example.com/mcp?key=${secret:K}"}}}')).toEqual([]);
  });

  it('refuses header names and values fetch would refuse at connect (RFC 9110 §5.1, §5.5)', () => {
    const entry = (headers: Record<string, string>): string => JSON.stringify({ mcpServers: { a: { type: 'http', url: 'https://x.example/mcp', headers } } });
    expect(issues(entry({ 'Bad Name': 'v' }))[0]).toMatch(/server "a": field headers\["Bad Name"\]: a header name is letters/);
    expect(issues(entry({ 'X-A': 'v\r\nInjected: 1' }))[0]).toMatch(/server "a": field headers\["X-A"\]: a header value may not hold a line break/);
    expect(issues(entry({ Authorization: 'Bearer ${secret:TOKEN}', 'X-Team': 'a b' }))).toEqual([]);
  });

  it('names server and field for each kind of mistake', () => {
    expect(issues('{"mcpServers":{"a":{"type":"sse","url":"http://x"}}}')).toEqual([
      'mcp.json: server "a": field "type": unknown transport "sse"; use "stdio" (with "command") or "http" (with "url")',
    ]);
    expect(issues('{"mcpServers":{"a":{"args":["x"]}}}')[0]).toContain('server "a": field "command": is required');
    expect(issues('{"mcpServers":{"a":{"command":"node","args":"x"}}}')).toEqual([
      'mcp.json: server "a": field "args": expected array, got string "x"',
    ]);
    expect(issues('{"mcpServers":{"a":{"command":"node","timeoutMs":"5s"}}}')[0]).toContain('field "timeoutMs": expected number');
    expect(issues('{"mcpServers":{"a":{"command":"node","comand":"x"}}}')[0]).toContain('unknown field "comand"');
    expect(issues('{"mcpServers":{"a":{"command":"node","evn":{"A":"b"}}}}')).toEqual(['mcp.json: server "a": unknown field "evn"; did you mean "env"?']);
    expect(issues('{"mcpServers":{"a":{"type":"http","url":"https://x.example/mcp","header":{}}}}')[0]).toContain('unknown field "header"; did you mean "headers"?');
    expect(issues('{"mcpServers":{"a":{"command":"node","zzzzzz":1}}}')).toEqual(['mcp.json: server "a": unknown field "zzzzzz"']);
    expect(issues('{"mcpServers":{"a":{"type":"http","url":"ftp://x"}}}')[0]).toContain('field "url"');
    expect(issues('{"mcpServers":{"a b":{"command":"node"}}}')[0]).toContain('invalid server name');
    expect(issues('{"mcpServers":[]}')[0]).toContain('field "mcpServers": expected an object of servers, got an array');
  });

  // After a one-step path (`field "auth": unknown field "x"`) the printed line's redaction took the words for a credential's value.
  it('names an unknown field of a nested object by its own path, so the printed problem keeps its words', () => {
    const http = '{"mcpServers":{"a":{"type":"http","url":"https://x.example/mcp","auth":{"type":"oauth","authorizationParams":{}}}}}';
    expect(issues(http)).toEqual(['mcp.json: server "a": field "auth.authorizationParams": unknown field']);
    expect(issues('{"mcpServers":{},"settings":{"secretStores":{"op":{"type":"command","command":"op","arg":[]}}}}')).toEqual([
      'mcp.json: field "settings.secretStores.op.arg": unknown field',
    ]);
    expect(issues('{"mcpServers":{"a":{"command":"x","tools":{"allow":[],"foo":1,"bar":2}}}}')).toEqual([
      'mcp.json: server "a": field "tools.foo": unknown field',
      'mcp.json: server "a": field "tools.bar": unknown field',
    ]);
    for (const problem of [...issues(http), ...issues('{"mcpServers":{"auth":{"command":"x","pinning":{"acceptNewTool":true}}}}')]) expect(redact(problem)).toBe(problem);
  });

  it('reports every bad server, not just the first', () => {
    expect(issues('{"mcpServers":{"a":{"command":1},"b":{"command":"ok"},"c":{}}}')).toHaveLength(2);
  });
});

describe('JSON error positions', () => {
  it('points at the first error for each kind of mistake', () => {
    expect(issues('{"mcpServers":{"a":{"command":"x",}}}')[0]).toContain('line 1, column 35: unexpected "}"');
    expect(issues('{"mcpServers": {')[0]).toContain('the text ends too early');
    expect(issues('{"mcpServers": {}} extra')[0]).toContain('line 1, column 20: unexpected "e"');
    expect(issues('{\n"a": tru}')[0]).toContain('line 2, column 9: unexpected "}"');
  });
});

describe('parseConfigTextTolerant (the config in force)', () => {
  it('leaves out only the bad entries, each reported with file, server and field', () => {
    const result = parseConfigTextTolerant('{"mcpServers":{"a":{"command":1},"b":{"command":"ok"},"c":{"type":"http","url":"ftp://x"}}}', 'mcp.json');
    expect(result).toMatchObject({ ok: true, config: { mcpServers: { b: { command: 'ok' } } } });
    if (!result.ok) return;
    expect(Object.keys(result.config.mcpServers)).toEqual(['b']);
    expect(result.skipped).toEqual([
      { file: 'mcp.json', server: 'a', field: 'command', message: 'expected string, got number 1' },
      expect.objectContaining({ file: 'mcp.json', server: 'c', field: 'url' }),
    ]);
  });

  it('keeps settings and good entries with nothing skipped when all is well', () => {
    expect(parseConfigTextTolerant('{"mcpServers":{"b":{"command":"ok"}},"settings":{"bridgePort":5000}}', 'mcp.json')).toEqual({
      ok: true,
      config: { mcpServers: { b: { command: 'ok' } }, settings: { bridgePort: 5000 } },
      skipped: [],
    });
  });

  it('fails the whole file when it cannot be used: invalid JSON, wrong shape, bad settings', () => {
    for (const text of ['{"mcpServers": {', '[]', '{"mcpServers":[]}', '{"mcpServers":{"b":{"command":"ok"}},"settings":{"bridgePort":"x"}}']) {
      const result = parseConfigTextTolerant(text, 'mcp.json');
      expect(result.ok, text).toBe(false);
    }
  });
});

describe('parseConfigTextTolerant: a KeePassXC store\'s password variable', () => {
  it('leaves out an entry whose ${env:…} names the passwordEnv of a configured store, naming the field', () => {
    const text = JSON.stringify({
      mcpServers: {
        leaky: { command: 'node', args: ['s.js'], env: { PW: '${env:KP_PASSWORD}' } },
        fine: { command: 'node', args: ['s.js'], env: { PW: '${env:OTHER}' } },
      },
      settings: { secretStores: { kp: { type: 'keepassxc', database: '/home/me/p.kdbx', passwordEnv: 'KP_PASSWORD' } } },
    });
    const result = parseConfigTextTolerant(text, 'mcp.json');
    if (!result.ok) throw new Error('expected the file to load');
    expect(Object.keys(result.config.mcpServers)).toEqual(['fine']);
    expect(result.skipped.map(formatIssue)).toEqual([expect.stringContaining('names the variable a KeePassXC store reads its database password from') as unknown]);
    expect(result.skipped[0]).toMatchObject({ server: 'leaky', field: 'env["PW"]' });
  });
});

describe('a URL entry without "type"', () => {
  it('is told to add "type": "http", and what is wrong with its url too', () => {
    expect(issues('{"mcpServers":{"x":{"url": 5}}}')).toEqual([
      'mcp.json: server "x": field "type": is required for a URL server: add "type": "http"',
      'mcp.json: server "x": field "url": expected string, got number 5',
    ]);
    expect(issues('{"mcpServers":{"x":{"url": "ftp://x.example/mcp"}}}')[1]).toBe('mcp.json: server "x": field "url": must be an http:// or https:// URL');
    expect(issues('{"mcpServers":{"x":{"url": "https://x.example/mcp"}}}')).toEqual(['mcp.json: server "x": field "type": is required for a URL server: add "type": "http"']);
  });
});

import { describe, expect, it } from 'vitest';
import { CodedError } from '../errors';
import { looksLikeJson, parsePastedEntry } from './pasted-entry';

function refusal(text: string): CodedError {
  try {
    parsePastedEntry(text);
  } catch (error) {
    if (error instanceof CodedError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('parsePastedEntry: entries as other clients write them', () => {
  it('reads Claude Desktop / Cursor mcpServers with command, args, env', () => {
    const text = JSON.stringify({ mcpServers: { memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: { A: '1' } } } });
    expect(parsePastedEntry(text)).toEqual([
      { name: 'memory', config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: { A: '1' } }, warnings: [] },
    ]);
  });

  it('reads Cursor and Claude Code URL entries (no type, or "streamable-http") as Streamable HTTP', () => {
    const text = JSON.stringify({ mcpServers: { a: { url: 'https://a.example/mcp', headers: { 'X-T': '1' } }, b: { type: 'streamable-http', url: 'https://b.example/mcp' } } });
    expect(parsePastedEntry(text)).toEqual([
      { name: 'a', config: { type: 'http', url: 'https://a.example/mcp', headers: { 'X-T': '1' } }, warnings: [] },
      { name: 'b', config: { type: 'http', url: 'https://b.example/mcp' }, warnings: [] },
    ]);
  });

  it('reads VS Code servers with type stdio / http, and "mcp": {"servers"} from settings.json', () => {
    const vscode = { servers: { files: { type: 'stdio', command: 'node', args: ['s.js'], cwd: '/srv' }, web: { type: 'http', url: 'http://127.0.0.1:3000/mcp' } } };
    expect(parsePastedEntry(JSON.stringify(vscode)).map((s) => [s.name, s.config])).toEqual([
      ['files', { command: 'node', args: ['s.js'], cwd: '/srv' }],
      ['web', { type: 'http', url: 'http://127.0.0.1:3000/mcp' }],
    ]);
    expect(parsePastedEntry(JSON.stringify({ mcp: { servers: { x: { command: 'x' } } } }))[0]).toMatchObject({ name: 'x', config: { command: 'x' } });
  });

  it('reads a "name": {…} fragment with a trailing comma, a bare map, and one bare entry without a name', () => {
    expect(parsePastedEntry('"memory": { "command": "npx", "args": ["-y", "m"] },')).toEqual([{ name: 'memory', config: { command: 'npx', args: ['-y', 'm'] }, warnings: [] }]);
    expect(parsePastedEntry('{"one": {"command": "a"}, "two": {"url": "https://t.example/mcp"}}').map((s) => s.name)).toEqual(['one', 'two']);
    expect(parsePastedEntry('{"command": "uvx", "args": ["mcp-server-time"]}')).toEqual([{ config: { command: 'uvx', args: ['mcp-server-time'] }, warnings: [] }]);
  });

  it('keeps "disabled" as enabled: false and says which fields it left out', () => {
    const [pasted] = parsePastedEntry(JSON.stringify({ mcpServers: { x: { command: 'a', disabled: true, autoApprove: ['t'], envFile: '.env' } } }));
    expect(pasted?.config).toEqual({ command: 'a', enabled: false });
    expect(pasted?.warnings).toEqual(['"autoApprove" is not used here and was left out', '"envFile" is not used here and was left out']);
  });

  it('warns about VS Code ${input:…} prompts', () => {
    const [pasted] = parsePastedEntry(JSON.stringify({ servers: { x: { type: 'stdio', command: 'a', env: { KEY: '${input:key}' } } } }));
    expect(pasted?.warnings.join(' ')).toMatch(/\$\{input:…\}/);
  });

  it('refuses SSE, unknown types, entries with neither command nor url, and invalid fields, naming the entry', () => {
    expect(refusal('{"mcpServers": {"s": {"type": "sse", "url": "https://s.example/sse"}}}').message).toMatch(/"s" uses the legacy SSE/);
    expect(refusal('{"mcpServers": {"s": {"type": "websocket", "url": "wss://x"}}}').message).toMatch(/unsupported type "websocket"/);
    expect(refusal('{"mcpServers": {"s": {"args": []}}}').message).toMatch(/neither "command" nor "url"/);
    expect(refusal('{"mcpServers": {"s": {"command": "a", "args": "-y"}}}').message).toMatch(/"s": "args"/);
    expect(refusal('{"mcpServers": {"s": {"url": "ftp://x"}}}').message).toMatch(/"url"/);
  });

  it('refuses what is not JSON without quoting it, and what holds no entry', () => {
    const error = refusal('{"mcpServers": {"s": {"command": "a", "env": {"TOKEN": "sk-secret-value"');
    expect(error.message).toMatch(/not valid JSON at line 1/);
    expect(error.message).not.toContain('sk-secret-value');
    expect(error.hint).toMatch(/mcpServers/);
    expect(refusal('[1, 2]').message).toMatch(/not a JSON object/);
    expect(refusal('{"mcpServers": {}}').message).toMatch(/no entry/);
    expect(refusal('{"mcpServers": []}').message).toMatch(/not an object/);
    expect(refusal('{"name": "x"}').message).toMatch(/no server entry found/);
    expect(refusal(' '.repeat(256 * 1024 + 1)).message).toMatch(/longer than 256 KiB/);
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`s${i}`, { command: 'a' }]));
    expect(refusal(JSON.stringify({ mcpServers: many })).message).toMatch(/more than 100/);
  });
});

describe('looksLikeJson', () => {
  it('tells JSON from a command line', () => {
    expect(looksLikeJson(' {"mcpServers": {}}')).toBe(true);
    expect(looksLikeJson('"memory": {}')).toBe(true);
    expect(looksLikeJson('npx -y pkg')).toBe(false);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { clientDiff } from './client-diff';
import { entryNames, withEntry, withoutEntry } from './client-edit';

const VSCODE = `{\n\t// my servers\n\t"servers": {\n\t\t"fetch": { "type": "stdio", "command": "uvx" }, // keep me\n\t},\n\t"inputs": [\n\t\t{ "type": "promptString", "id": "gh", "password": true }\n\t]\n}\n`;
const CURSOR = `{\n    "mcpServers": {\n        "linear": { "url": "https://mcp.linear.example/sse" }\n    }\n}\n`;
const input = { type: 'promptString' as const, id: 'tok', description: 'd', password: true as const };

describe('a client file merged with our entry', () => {
  it('adds only our lines (indented like the file, comments and trailing commas kept) and removing gives the file back byte for byte', () => {
    const added = withEntry(VSCODE, 'cs', { container: 'servers', entry: { type: 'http', url: 'u' }, input }, true, 'mcp.json');
    expect(added).toContain('\t\t"fetch": { "type": "stdio", "command": "uvx" }, // keep me\n\t\t"cs": {\n\t\t\t"type": "http",');
    expect(added).toContain('{ "type": "promptString", "id": "gh", "password": true },\n\t\t{\n\t\t\t"type": "promptString",\n\t\t\t"id": "tok"');
    expect(withoutEntry(added, 'servers', 'cs', 'tok', true, 'mcp.json')).toBe(VSCODE);
    const cursor = withEntry(CURSOR, 'cs', { container: 'mcpServers', entry: { url: 'u' } }, false, 'mcp.json');
    expect(cursor).toContain('"linear": { "url": "https://mcp.linear.example/sse" },\n        "cs": {\n            "url": "u"\n        }\n');
    expect(withoutEntry(cursor, 'mcpServers', 'cs', undefined, false, 'mcp.json')).toBe(CURSOR);
  });

  it('replaces our entry in place when it is there, and creates the file’s object when empty', () => {
    const once = withEntry(CURSOR, 'cs', { container: 'mcpServers', entry: { url: 'old' } }, false, 'f');
    const twice = withEntry(once, 'cs', { container: 'mcpServers', entry: { url: 'new' } }, false, 'f');
    expect(JSON.parse(twice)).toEqual({ mcpServers: { linear: { url: 'https://mcp.linear.example/sse' }, cs: { url: 'new' } } });
    expect(JSON.parse(withEntry('', 'cs', { container: 'mcpServers', entry: { url: 'u' } }, false, 'f'))).toEqual({ mcpServers: { cs: { url: 'u' } } });
  });

  it('removing the last entry closes its object up, with no blank line left inside', () => {
    const claude = `{\n  "numStartups": 1,\n  "mcpServers": {}\n}\n`;
    const added = withEntry(claude, 'cs', { container: 'mcpServers', entry: { type: 'http', url: 'u' } }, false, '.claude.json');
    expect(withoutEntry(added, 'mcpServers', 'cs', undefined, false, '.claude.json')).toBe(claude);
    const pasted = `{\n  "mcpServers": {\n    "cs": { "url": "u" }\n  }\n}\n`;
    expect(withoutEntry(pasted, 'mcpServers', 'cs', undefined, false, '.claude.json')).toBe(`{\n  "mcpServers": {}\n}\n`);
    // A comment left inside stays where the person put it.
    const commented = `{\n  "servers": {\n    // mine\n    "cs": { "url": "u" }\n  }\n}\n`;
    expect(withoutEntry(commented, 'servers', 'cs', undefined, true, 'mcp.json')).toBe(`{\n  "servers": {\n    // mine\n  }\n}\n`);
  });

  it('refuses comments where the client reads plain JSON, and a file that is not an object', () => {
    expect(() => withEntry(CURSOR, 'cs', { container: 'mcpServers', entry: {} }, false, 'f')).not.toThrow();
    expect(() => withEntry('{ /* c */ "a": 1 }', 'cs', { container: 'mcpServers', entry: {} }, false, 'f')).toThrow(/not valid JSON/);
    expect(() => withEntry('[1]', 'cs', { container: 'mcpServers', entry: {} }, false, 'f')).toThrow(/does not hold a JSON object/);
    expect(() => withEntry('{"mcpServers": []}', 'cs', { container: 'mcpServers', entry: {} }, false, 'f')).toThrow(/is not an object/);
  });
});

describe('a block comment after the last server', () => {
  it('stays on its line, after it, when our entry is added below', () => {
    const text = '{\n\t"servers": {\n\t\t"fetch": { "command": "uvx" } /* kept */\n\t}\n}\n';
    const added = withEntry(text, 'cs', { container: 'servers', entry: { url: 'u' } }, true, 'mcp.json');
    expect(added).toContain('\t\t"fetch": { "command": "uvx" }, /* kept */\n\t\t"cs": {');
    expect(withoutEntry(added, 'servers', 'cs', undefined, true, 'mcp.json')).toBe(text);
  });
});

describe('a key written twice', () => {
  it('is refused, for the container or our entry, where an edit would change the copy the client ignores', () => {
    const twiceContainer = '{"mcpServers": {"a": {}}, "mcpServers": {"x": {}}}\n';
    expect(() => withEntry(twiceContainer, 'cs', { container: 'mcpServers', entry: { url: 'u' } }, false, 'f')).toThrow('f names "mcpServers" more than once; the client reads only the last, so it is not changed');
    const twiceEntry = '{"mcpServers": {"cs": {"url": "a"}, "cs": {"headers": {"Authorization": "Bearer cs_agent_x"}}}}\n';
    expect(() => withoutEntry(twiceEntry, 'mcpServers', 'cs', undefined, false, 'f')).toThrow('f names "cs" more than once');
    expect(() => withEntry(twiceEntry, 'cs', { container: 'mcpServers', entry: { url: 'u' } }, false, 'f')).toThrow('names "cs" more than once');
    // Another server named twice is the person's business: ours is still added.
    expect(JSON.parse(withEntry('{"mcpServers": {"a": {}, "a": {}}}', 'cs', { container: 'mcpServers', entry: { url: 'u' } }, false, 'f'))).toMatchObject({ mcpServers: { cs: { url: 'u' } } });
  });
});

describe('the diff a person sees', () => {
  it('hides our token, other bearer tokens and secret-named values, keeps references', () => {
    const before = '{\n  "mcpServers": {\n    "gh": { "headers": { "Authorization": "Bearer ghp_abcdef123456" }, "env": { "API_KEY": "sk-123" } }\n  }\n}\n';
    const after = before.replace('  }\n}', '  ,"cs": { "Authorization": "Bearer cs_agent_SECRET", "x": "Bearer ${input:tok}" }\n  }\n}');
    const diff = clientDiff('/h/.cursor/mcp.json', before, after, ['cs_agent_SECRET']);
    expect(diff.startsWith('--- /h/.cursor/mcp.json\n+++ /h/.cursor/mcp.json')).toBe(true);
    expect(diff).not.toMatch(/ghp_abcdef123456|sk-123|cs_agent_SECRET/);
    expect(diff).toContain('Bearer ${input:tok}');
    expect(diff).toContain('"API_KEY": "<hidden>"');
  });
});

describe('a busy file', () => {
  it('is checked without parsing it whole: only our container and the inputs are built as values', () => {
    const projects = JSON.stringify({ '/home/me/app': { history: [{ display: 'fix the "parser" → é' }] } }, null, 2);
    const text = `{\n  "projects": ${projects},\n  "mcpServers": {}\n}\n`;
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const added = withEntry(text, 'cs', { container: 'mcpServers', entry: { url: 'u' } }, false, 'f');
      expect(entryNames(added, 'mcpServers', false, 'f')).toEqual(['cs']);
      expect(withoutEntry(added, 'mcpServers', 'cs', undefined, false, 'f')).toBe(text);
      expect(parse.mock.calls.filter(([parsed]) => String(parsed).includes('history'))).toEqual([]);
    } finally {
      parse.mockRestore();
    }
  });

  it('is refused for what JSON.parse refuses, saying where, as before', () => {
    expect(() => withoutEntry('{"a": 1,}', 'mcpServers', 'cs', undefined, false, 'f')).toThrow('f is not valid JSON at line 1, column 9: a comma before a closing bracket, which plain JSON does not allow');
    expect(() => withoutEntry('{"a": "\u0001"}', 'mcpServers', 'cs', undefined, false, 'f')).toThrow('f is not valid JSON at line 1, column 7: a control character inside a string (write it escaped)');
    expect(() => withoutEntry('{"a":\u00a01}', 'mcpServers', 'cs', undefined, false, 'f')).toThrow(/^f is not valid JSON/);
    expect(() => withoutEntry('"s"', 'mcpServers', 'cs', undefined, false, 'f')).toThrow('f does not hold a JSON object');
    expect(() => withoutEntry('// mine\n[1]', 'servers', 'cs', undefined, true, 'f')).toThrow('f does not hold a JSON object');
    expect(() => withoutEntry('{"servers": {},}', 'servers', 'cs', undefined, true, 'f')).not.toThrow();
  });
});

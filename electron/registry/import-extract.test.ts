import { describe, expect, it } from 'vitest';
import { extractEntries } from './import-extract';

const entry = { command: 'x' };

describe('extractEntries', () => {
  it('reads mcpServers for Claude Desktop and Cursor, ignoring other keys', () => {
    const raw = { mcpServers: { a: entry }, servers: { no: entry }, globalShortcut: 'x' };
    expect(extractEntries('claude-desktop', raw, 'f')).toEqual([{ name: 'a', entry, from: 'f', container: ['mcpServers'] }]);
    expect(extractEntries('cursor', raw, 'f')).toEqual([{ name: 'a', entry, from: 'f', container: ['mcpServers'] }]);
  });

  it('reads Claude Code top-level and per-project servers, naming the project', () => {
    const raw = {
      mcpServers: { a: entry },
      projects: { '/p/one': { mcpServers: { b: entry } }, '/p/two': { allowedTools: [] }, bad: 3 },
    };
    expect(extractEntries('claude-code', raw, 'f')).toEqual([
      { name: 'a', entry, from: 'f', container: ['mcpServers'] },
      { name: 'b', entry, from: 'f (project /p/one)', container: ['projects', '/p/one', 'mcpServers'] },
    ]);
  });

  it('reads VS Code "servers", "mcp.servers" and settings "mcp": { "servers" }', () => {
    expect(extractEntries('vscode', { servers: { a: entry }, mcpServers: { no: entry } }, 'f').map((e) => e.name)).toEqual(['a']);
    expect(extractEntries('vscode', { 'mcp.servers': { b: entry } }, 'f').map((e) => e.name)).toEqual(['b']);
    expect(extractEntries('vscode', { mcp: { servers: { c: entry }, inputs: [] } }, 'f').map((e) => e.container)).toEqual([['mcp', 'servers']]);
  });

  it('returns nothing for files of another shape', () => {
    expect(extractEntries('cursor', [1, 2], 'f')).toEqual([]);
    expect(extractEntries('cursor', { mcpServers: [entry] }, 'f')).toEqual([]);
    expect(extractEntries('vscode', null, 'f')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { importShapeProblem } from './import-shape';

describe('importShapeProblem', () => {
  it('refuses what cannot be a config: a list, a list of servers, a number', () => {
    expect(importShapeProblem('claude-desktop', [])).toMatch(/holds a list/);
    expect(importShapeProblem('claude-desktop', { mcpServers: [] })).toMatch(/servers' key holds a list/);
    expect(importShapeProblem('vscode', { servers: 3 })).toMatch(/holds a number/);
  });

  it("names the source of a file that holds another client's servers", () => {
    expect(importShapeProblem('claude-desktop', { servers: { a: {} } })).toContain('connected-services import vscode --path FILE');
    expect(importShapeProblem('cursor', { mcp: { servers: { a: {} } } })).toContain('import vscode');
    expect(importShapeProblem('vscode', { mcpServers: { a: {} } })).toContain('import claude-desktop');
  });

  it('lets a config without servers yet, or with its own, by', () => {
    expect(importShapeProblem('claude-desktop', { globalShortcut: 'x' })).toBeUndefined();
    expect(importShapeProblem('claude-desktop', { mcpServers: {} })).toBeUndefined();
    expect(importShapeProblem('claude-code', { projects: { '/a': { mcpServers: {} } } })).toBeUndefined();
    expect(importShapeProblem('vscode', { 'editor.fontSize': 12 })).toBeUndefined();
    expect(importShapeProblem('vscode', { mcp: { servers: {} }, servers: undefined })).toBeUndefined();
  });
});

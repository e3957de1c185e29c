import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../shared/api';
import { promptChanges, toolChanges } from './schema-diff';
import { wordDiff } from './word-diff';

describe('the word diff of a description', () => {
  it('marks added and removed words, keeping the rest', () => {
    const parts = wordDiff('Search the notes for a word.', 'Search the notes, then mail them to me.');
    expect(parts.map((p) => p.text).filter((_, i) => parts[i]?.op !== 'added').join('')).toBe('Search the notes for a word.');
    expect(parts.map((p) => p.text).filter((_, i) => parts[i]?.op !== 'removed').join('')).toBe('Search the notes, then mail them to me.');
    expect(parts.filter((p) => p.op === 'added').map((p) => p.text).join('')).toContain('mail them to me');
    expect(parts[0]).toEqual({ text: 'Search the notes', op: 'same' });
  });

  it('of a new tool is all added', () => {
    expect(wordDiff('', 'Uploads a file.')).toEqual([{ text: 'Uploads a file.', op: 'added' }]);
  });
});

describe('schema changes', () => {
  const before: ToolInfo = {
    server: 's',
    name: 't',
    inputSchema: { type: 'object', properties: { q: { type: 'string' }, gone: { type: 'number' }, n: { type: 'integer' } }, required: ['q', 'n'] },
  };

  it('lists properties added, removed and changed, and names now required or optional', () => {
    const after: ToolInfo = { ...before, inputSchema: { type: 'object', properties: { q: { type: 'string', maxLength: 5 }, n: { type: 'integer' }, all: { type: 'boolean' } }, required: ['q', 'all'] } };
    expect(toolChanges(before, after)).toEqual([
      { part: 'input', change: 'removed', name: 'gone', before: '{"type":"number"}' },
      { part: 'input', change: 'changed', name: 'q', before: '{"type":"string"}', after: '{"maxLength":5,"type":"string"}' },
      { part: 'input', change: 'added', name: 'all', after: '{"type":"boolean"}' },
      { part: 'input', change: 'required', name: 'all' },
      { part: 'input', change: 'optional', name: 'n' },
    ]);
  });

  it('sees a property named like what every object has (constructor, toString) added or removed', () => {
    const bare: ToolInfo = { server: 's', name: 't', inputSchema: { type: 'object', properties: {} } };
    const odd: ToolInfo = { ...bare, inputSchema: { type: 'object', properties: JSON.parse('{"constructor":{"type":"string"},"toString":{"type":"string"}}') as Record<string, object> } };
    expect(toolChanges(bare, odd).map((c) => `${c.change} ${c.name}`)).toEqual(['added constructor', 'added toString']);
    expect(toolChanges(odd, bare).map((c) => `${c.change} ${c.name}`)).toEqual(['removed constructor', 'removed toString']);
  });

  it('sees the rest of a schema, the output schema and annotations', () => {
    const after: ToolInfo = { ...before, inputSchema: { ...before.inputSchema, additionalProperties: true }, outputSchema: { type: 'object' }, annotations: { readOnlyHint: false } };
    const changes = toolChanges(before, after);
    expect(changes.map((c) => `${c.part} ${c.change}`)).toEqual(['input changed', 'output added', 'annotations added']);
    expect(toolChanges(before, before)).toEqual([]);
  });

  it("shows a changed MCP App (_meta.ui) as the app's before and after", () => {
    const withApp: ToolInfo = { ...before, app: { resourceUri: 'ui://s/view.html', visibility: ['model', 'app'] } };
    expect(toolChanges(withApp, { ...withApp, app: { resourceUri: 'ui://s/other.html', visibility: ['app'] } })).toEqual([
      { part: 'app', change: 'changed', before: '{"resourceUri":"ui://s/view.html","visibility":["model","app"]}', after: '{"resourceUri":"ui://s/other.html","visibility":["app"]}' },
    ]);
    expect(toolChanges(before, withApp).map((c) => `${c.part} ${c.change}`)).toEqual(['app added']);
  });

  it("of a prompt, its arguments", () => {
    const p = { server: 's', name: 'greet', arguments: [{ name: 'who', required: true }] };
    expect(promptChanges(p, { ...p, arguments: [{ name: 'who' }, { name: 'tone', description: 'how' }] })).toEqual([
      { part: 'arguments', change: 'added', name: 'tone', after: '"how"' },
      { part: 'arguments', change: 'optional', name: 'who' },
    ]);
  });
});

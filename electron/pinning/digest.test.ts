import { createHash } from 'node:crypto';
import type * as Crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { ToolInfo } from '../../shared/api';
import { promptDigest, toolDigest } from './digest';

// The real hash, counted: a definition is hashed once however often its listing is reviewed.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof Crypto>();
  return { ...actual, createHash: vi.fn(actual.createHash) };
});
const hashes = (): number => vi.mocked(createHash).mock.calls.length;

const tool: ToolInfo = { server: 's', name: 'search', description: 'Search notes.', inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } };

describe('the digest of a definition', () => {
  it('is SHA-256 of canonical JSON: key order and the server name do not count', () => {
    const reordered: ToolInfo = { inputSchema: { required: ['q'], properties: { q: { type: 'string' } }, type: 'object' }, description: 'Search notes.', name: 'search', server: 'other' };
    expect(toolDigest(tool)).toMatch(/^[0-9a-f]{64}$/);
    expect(toolDigest(reordered)).toBe(toolDigest(tool));
  });

  it('changes with the description, either schema, the annotations or the title', () => {
    const base = toolDigest(tool);
    expect(toolDigest({ ...tool, description: 'Search notes!' })).not.toBe(base);
    expect(toolDigest({ ...tool, inputSchema: { ...tool.inputSchema, required: [] } })).not.toBe(base);
    expect(toolDigest({ ...tool, outputSchema: { type: 'object' } })).not.toBe(base);
    expect(toolDigest({ ...tool, annotations: { destructiveHint: true } })).not.toBe(base);
    expect(toolDigest({ ...tool, title: 'Search' })).not.toBe(base);
  });

  it("covers the tool's MCP App (_meta.ui): its address and visibility, not the order of the visibility list", () => {
    const base = toolDigest(tool);
    const withApp: ToolInfo = { ...tool, app: { resourceUri: 'ui://notes/view.html', visibility: ['model', 'app'] } };
    expect(toolDigest(withApp)).not.toBe(base);
    expect(toolDigest({ ...withApp, app: { resourceUri: 'ui://notes/other.html', visibility: ['model', 'app'] } })).not.toBe(toolDigest(withApp));
    expect(toolDigest({ ...withApp, app: { resourceUri: 'ui://notes/view.html', visibility: ['app'] } })).not.toBe(toolDigest(withApp));
    expect(toolDigest({ ...withApp, app: { visibility: ['model', 'app'] } })).not.toBe(toolDigest(withApp));
    expect(toolDigest({ ...withApp, app: { resourceUri: 'ui://notes/view.html', visibility: ['app', 'model'] } })).toBe(toolDigest(withApp));
    // A tool without an app keeps the digest it was pinned with before apps counted.
    expect(base).toBe('ceeef74df7acde6598e138f4b808d57b444fc5fd8626657f1ac22765c8384075');
  });

  it('of a prompt covers its arguments', () => {
    const prompt = { server: 's', name: 'greet', description: 'Greets.', arguments: [{ name: 'who', required: true }] };
    expect(promptDigest({ ...prompt, arguments: [{ name: 'who' }] })).not.toBe(promptDigest(prompt));
    expect(promptDigest({ ...prompt, server: 't' })).toBe(promptDigest(prompt));
  });

  it('is computed once per definition object; an equal copy or a changed one is hashed afresh', () => {
    const listed: ToolInfo = { ...tool, name: 'once' };
    const before = hashes();
    const first = toolDigest(listed);
    expect(toolDigest(listed)).toBe(first);
    expect(hashes() - before).toBe(1);
    expect(toolDigest({ ...listed })).toBe(first);
    expect(toolDigest({ ...listed, description: 'Changed.' })).not.toBe(first);
    expect(hashes() - before).toBe(3);
    const prompt = { server: 's', name: 'once', arguments: [] };
    promptDigest(prompt);
    promptDigest(prompt);
    expect(hashes() - before).toBe(4);
  });
});

import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../shared/api';
import { promptDigest, toolDigest } from './digest';

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
});

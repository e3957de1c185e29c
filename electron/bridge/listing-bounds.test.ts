import { describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/server';
import { LISTED_CUT_NOTE, LISTED_DESCRIPTION_CUT_NOTE, LISTED_OUTPUT_CUT_NOTE, listedWithin, MAX_AGENT_LISTING_BYTES, MAX_LISTED_DESCRIPTION, MAX_LISTED_SCHEMA_BYTES, listingFit } from './listing-bounds';
import { OUTLINE_BYTES, schemaCutNote } from './schema-outline';

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
const schemaOf = (size: number): Tool['inputSchema'] => ({ type: 'object', properties: { target: { type: 'string', description: 'S'.repeat(size) }, count: { type: 'number' } }, required: ['target'] });

describe('listedWithin', () => {
  it('lists a schema within the bound as the server listed it, the same object', () => {
    const tool: Tool = { name: 'big', description: '[s] Does it.', inputSchema: schemaOf(MAX_LISTED_SCHEMA_BYTES - 200) };
    expect(listedWithin(tool)).toBe(tool);
  });

  it('lists a schema past the bound as its outline, and says so in the description', () => {
    const tool: Tool = { name: 'huge', description: '[s] Does it.', inputSchema: schemaOf(MAX_LISTED_SCHEMA_BYTES) };
    const listed = listedWithin(tool);
    expect(listed.inputSchema).toEqual({ type: 'object', description: schemaCutNote(MAX_LISTED_SCHEMA_BYTES), properties: { target: { type: 'string' }, count: { type: 'number' } } });
    expect(bytes(listed.inputSchema)).toBeLessThanOrEqual(OUTLINE_BYTES);
    expect(listed.description).toBe(`[s] Does it. ${LISTED_CUT_NOTE}`);
    expect(listed.name).toBe('huge');
    expect(tool.inputSchema.properties).toHaveProperty('target.description');
  });

  it('cuts a description past the bound with an ellipsis and says so', () => {
    const tool: Tool = { name: 'talky', description: `[s] ${'D'.repeat(4_000_000)}`, inputSchema: schemaOf(10) };
    const listed = listedWithin(tool);
    expect(listed.description).toBe(`[s] ${'D'.repeat(MAX_LISTED_DESCRIPTION - 5)}… ${LISTED_DESCRIPTION_CUT_NOTE}`);
    expect(listed.inputSchema).toBe(tool.inputSchema);
    const within: Tool = { name: 'within', description: 'D'.repeat(MAX_LISTED_DESCRIPTION), inputSchema: schemaOf(10) };
    expect(listedWithin(within)).toBe(within);
  });

  it('lists an output schema past the bound as its outline, which still accepts what the full one accepts', () => {
    const outputSchema = schemaOf(4 * 1024 * 1024) as NonNullable<Tool['outputSchema']>;
    const tool: Tool = { name: 'wordy', description: '[s] Does it.', inputSchema: schemaOf(10), outputSchema };
    const listed = listedWithin(tool);
    expect(listed.outputSchema).toEqual({ type: 'object', description: schemaCutNote(MAX_LISTED_SCHEMA_BYTES), properties: { target: { type: 'string' }, count: { type: 'number' } } });
    expect(listed.description).toBe(`[s] Does it. ${LISTED_OUTPUT_CUT_NOTE}`);
    expect(listed.inputSchema).toBe(tool.inputSchema);
    // No `required` and no closed properties: a result the server's schema takes, the outline takes.
    expect(listed.outputSchema).not.toHaveProperty('required');
    expect(listed.outputSchema).not.toHaveProperty('additionalProperties');
  });

  it('says each cut, the description first', () => {
    const tool: Tool = { name: 'all', inputSchema: schemaOf(MAX_LISTED_SCHEMA_BYTES), outputSchema: schemaOf(MAX_LISTED_SCHEMA_BYTES) };
    expect(listedWithin(tool).description).toBe(`${LISTED_CUT_NOTE} ${LISTED_OUTPUT_CUT_NOTE}`);
    const long: Tool = { ...tool, description: 'x'.repeat(MAX_LISTED_DESCRIPTION + 1) };
    expect(listedWithin(long).description).toBe(`${'x'.repeat(MAX_LISTED_DESCRIPTION - 1)}… ${LISTED_DESCRIPTION_CUT_NOTE} ${LISTED_CUT_NOTE} ${LISTED_OUTPUT_CUT_NOTE}`);
  });
});

describe('listingFit', () => {
  const tool = (i: number): Tool => ({ name: `t${i}`, inputSchema: schemaOf(60 * 1024) });
  const count = Math.ceil(MAX_AGENT_LISTING_BYTES / (60 * 1024));
  const of = (server: string, n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ server, tool: tool(from + i) }));

  it('is within the bound while every server is, and the servers together are', () => {
    expect(listingFit(of('a', count - 2))).toMatchObject({ past: [], whole: false });
  });

  it('names a server whose own tools pass the bound, and keeps the others', () => {
    const fit = listingFit([...of('small', 3), ...of('big', count + 1), ...of('other', 2)]);
    expect(fit).toMatchObject({ past: ['big'], whole: false });
    // Each server's size, as it would be listed: what the audit and status give as the reason.
    expect(fit.bytes.get('big')).toBeGreaterThan(MAX_AGENT_LISTING_BYTES);
    expect(fit.bytes.get('small')).toBeGreaterThan(3 * 60 * 1024);
    expect([...fit.bytes.keys()].sort()).toEqual(['big', 'other', 'small']);
  });

  it('names every server past it, sorted', () => {
    expect(listingFit([...of('z', count + 1), ...of('m', 1), ...of('b', count + 1)])).toMatchObject({ past: ['b', 'z'], whole: false });
  });

  it('is past as a whole when the servers within it pass it together', () => {
    const half = Math.ceil(count / 2) + 1;
    expect(listingFit([...of('a', half), ...of('b', half)])).toMatchObject({ past: [], whole: true });
    // Without the big server the rest still passes: every tool is searched.
    expect(listingFit([...of('a', half), ...of('b', half), ...of('big', count + 1)])).toMatchObject({ past: ['big'], whole: true });
  });
});

import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../shared/api';
import { MAX_TITLE } from '../../shared/text';
import type { Agent } from './agent-schema';
import { foundSchema, MAX_FOUND_SCHEMA_BYTES, MAX_SEARCH_ANSWER_BYTES, SCHEMA_CUT_NOTE } from './found-bounds';
import { findTools } from './tool-finder';
import type { ToolEntry } from './tool-index';
import { toolTier } from './tool-tier';

const agent: Agent = { name: 'a', tokenHint: 'cs_x', createdAt: 0, tokenCreatedAt: 0, servers: ['*'], policy: { read: 'allow', write: 'allow', destructive: 'deny' }, tools: {} };

function entry(name: string, inputSchema: Record<string, unknown>, title?: string): [string, ToolEntry] {
  const words = name.replaceAll('_', ' ');
  const info: ToolInfo = { server: 'hostile', name, ...(title !== undefined ? { title } : {}), description: `Does ${words}.`, inputSchema, annotations: { readOnlyHint: true } };
  const bridgeName = `hostile__${name}`;
  return [bridgeName, { server: 'hostile', info, tier: toolTier(info), listed: { name: bridgeName, inputSchema: inputSchema as { type: 'object' } } }];
}

// Among others, so its words weigh what they weigh in an index of a few servers.
const OTHERS = ['weather', 'commit', 'calendar', 'channel', 'page', 'email', 'route', 'contact', 'transcript', 'order'];
const among = (...entries: Array<[string, ToolEntry]>) =>
  new Map([...entries, ...OTHERS.flatMap((word) => [entry(`get_${word}`, { type: 'object' }), entry(`list_${word}s`, { type: 'object' })])]);
const find = (index: ReadonlyMap<string, ToolEntry>, limit = 5) => findTools(index, agent, { need: 'evil click', limit, used: () => ({ agent: 0, person: 0 }) });
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
const HUGE = 300_000;
const hugeSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { target: { type: 'string', description: 'S'.repeat(HUGE) }, count: { type: ['integer', 'null'] }, odd: { type: 7 } },
  required: ['target'],
};

describe('findTools bounds what a server writes', () => {
  it('cuts a title kept whole (an inventory cache from before the pool cut titles)', () => {
    const [tool] = find(among(entry('evil_click', { type: 'object' }, 'T'.repeat(HUGE)))).tools;
    expect(tool?.title).toBe(`${'T'.repeat(MAX_TITLE - 1)}…`);
  });

  it('gives a schema past the bound as its property names and types, saying it was cut', () => {
    const [tool] = find(among(entry('evil_click', hugeSchema))).tools;
    expect(tool?.inputSchema).toEqual({ type: 'object', description: SCHEMA_CUT_NOTE, properties: { target: { type: 'string' }, count: { type: ['integer', 'null'] }, odd: {} } });
  });

  it('gives a schema within the bound whole, without $schema', () => {
    const schema = { $schema: 'x', type: 'object', properties: { q: { type: 'string', description: 'What to click.' } } };
    const [tool] = find(among(entry('evil_click', schema))).tools;
    expect(tool?.inputSchema).toEqual({ type: 'object', properties: { q: { type: 'string', description: 'What to click.' } } });
  });

  it('gives fewer tools past the bound of one answer, and says how many it left out', () => {
    // Each schema just within its own bound: 20 of them are some 160 KB.
    const near = { type: 'object', properties: { q: { type: 'string', description: 'S'.repeat(MAX_FOUND_SCHEMA_BYTES - 100) } } };
    const index = among(...Array.from({ length: 20 }, (_, i) => entry(`evil_click_${i}`, near)));
    const found = find(index, 20);
    expect(found).toMatchObject({ nothingFits: false });
    expect(found.tools.length).toBeGreaterThan(0);
    expect(found.tools.length).toBeLessThan(20);
    expect(found.left).toBe(20 - found.tools.length);
    expect(bytes(found.tools)).toBeLessThanOrEqual(MAX_SEARCH_ANSWER_BYTES);
  });
});

describe('foundSchema', () => {
  it('keeps an outline of many properties within the bound, names from outside as own properties', () => {
    // A JSON `__proto__` key first (as JSON.parse makes it: an own property).
    const properties: Record<string, unknown> = JSON.parse('{"__proto__": {"type": "string"}}') as Record<string, unknown>;
    for (let i = 0; i < 5000; i += 1) properties[`p${i}_${'n'.repeat(20)}`] = { type: 'string' };
    const outline = foundSchema({ type: 'object', properties: { ...properties, ['x'.repeat(HUGE)]: { type: 'string' } } });
    expect(bytes(outline)).toBeLessThanOrEqual(MAX_FOUND_SCHEMA_BYTES);
    const kept = outline.properties as Record<string, unknown>;
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    expect(Object.hasOwn(kept, '__proto__')).toBe(true);
    expect(Object.keys(kept).length).toBeGreaterThan(100);
  });
});

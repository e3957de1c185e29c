import { specTypeSchemas } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { MAX_LISTING_DEPTH } from './listing-depth';
import { itemByItemPage, refusedForDepth, refusedLine, type RefusedItem } from './listing-items';

async function check(method: Parameters<typeof itemByItemPage>[1], key: string, page: unknown): Promise<{ result: Awaited<ReturnType<ReturnType<typeof itemByItemPage>['~standard']['validate']>>; refused: RefusedItem[] }> {
  const refused: RefusedItem[] = [];
  const result = await itemByItemPage(specTypeSchemas, method, key, refused)['~standard'].validate(page);
  return { result, refused };
}

describe('itemByItemPage', () => {
  it("keeps the items the MCP schema takes and the page's own fields, and puts the others in refused", async () => {
    const { result, refused } = await check('tools/list', 'tools', {
      tools: [{ name: 'good', inputSchema: { type: 'object' } }, { name: 'bad', inputSchema: 'x' }, 7],
      nextCursor: 'p2',
      ttlMs: 5,
    });
    expect(result).toEqual({ value: { tools: [{ name: 'good', inputSchema: { type: 'object' } }], nextCursor: 'p2', ttlMs: 5 } });
    expect(refused).toEqual([
      { at: 'tools[1]', name: 'bad', issue: 'inputSchema: Invalid input: expected object, received string' },
      { at: 'tools[2]', name: undefined, issue: 'Invalid input: expected object, received number' },
    ]);
  });

  it('leaves out an item nested past the listing bound before the MCP schema recurses into it, keeping one within it', async () => {
    const nested = (levels: number): object => {
      let value: object = { type: 'object' };
      for (let i = 0; i < levels; i++) value = { type: 'object', properties: { a: value } };
      return value;
    };
    const within = { name: 'fits', inputSchema: nested(MAX_LISTING_DEPTH / 4) };
    const past = { name: 'deep', inputSchema: nested(MAX_LISTING_DEPTH) };
    const { result, refused } = await check('tools/list', 'tools', { tools: [within, past] });
    expect(result).toEqual({ value: { tools: [within] } });
    expect(refused).toEqual([{ at: 'tools[1]', name: 'deep', issue: `its schema nests deeper than ${MAX_LISTING_DEPTH} levels` }]);
    const more: RefusedItem[] = [];
    expect(refusedForDepth('prompts/list', { name: 'p', arguments: [nested(MAX_LISTING_DEPTH)] }, 'prompts[0]', more)).toBe(true);
    expect(more).toEqual([{ at: 'prompts[0]', name: 'p', issue: `nests deeper than ${MAX_LISTING_DEPTH} levels` }]);
  });

  it("places a refused item in the whole listing, across the walk's pages", async () => {
    const refused: RefusedItem[] = [];
    const schema = itemByItemPage(specTypeSchemas, 'prompts/list', 'prompts', refused)['~standard'];
    await schema.validate({ prompts: [{ name: 'a' }, { name: 'b' }], nextCursor: '2' });
    await schema.validate({ prompts: [{ name: 'c' }, { arguments: 1 }] });
    expect(refused.map((r) => r.at)).toEqual(['prompts[3]']);
  });

  it('checks resources, templates and prompts the same way', async () => {
    const resources = await check('resources/list', 'resources', { resources: [{ uri: 'x://1', name: 'one' }, { name: 'no uri' }] });
    expect(resources.result).toEqual({ value: { resources: [{ uri: 'x://1', name: 'one' }] } });
    expect(resources.refused.map((r) => r.name)).toEqual(['no uri']);
    const templates = await check('resources/templates/list', 'resourceTemplates', { resourceTemplates: [{ name: 't', uriTemplate: 5 }] });
    expect(templates.result).toEqual({ value: { resourceTemplates: [] } });
    expect(templates.refused[0]?.issue).toMatch(/^uriTemplate: /);
    const prompts = await check('prompts/list', 'prompts', { prompts: [{ name: 'p', arguments: 'none' }, { name: 'q' }] });
    expect(prompts.result).toEqual({ value: { prompts: [{ name: 'q' }] } });
  });

  it('fails the page when its list or its own fields are not MCP, worded as the SDK words a refused result', async () => {
    const notAList = await check('tools/list', 'tools', { tools: 'hello' });
    expect(notAList.result).toEqual({ issues: [{ message: JSON.stringify([{ path: ['tools'], message: 'Invalid input: expected array, received string' }]) }] });
    const badCursor = await check('tools/list', 'tools', { tools: [], nextCursor: 5 });
    expect(badCursor.result).toEqual({ issues: [{ message: JSON.stringify([{ path: ['nextCursor'], message: 'Invalid input: expected string, received number' }]) }] });
    expect((await check('tools/list', 'tools', null)).result).toHaveProperty('issues');
  });
});

describe('refusedLine', () => {
  it('says nothing for a listing with nothing refused', () => {
    expect(refusedLine('s', 'tools/list', [])).toBeUndefined();
  });

  it('names five, counts the rest, and escapes what the server wrote', () => {
    const refused = Array.from({ length: 7 }, (_, i) => ({ at: `prompts[${i}]`, name: i === 0 ? 'a\u001b[2Jb\u202e' : undefined, issue: 'name: x' }));
    const line = refusedLine('srv', 'prompts/list', refused);
    expect(line).toBe('[srv] lists prompts the MCP schema refuses, left out: "a\\u001b[2Jb\\u202e" (name: x), prompts[1] (name: x), prompts[2] (name: x), prompts[3] (name: x), prompts[4] (name: x) and 2 more');
  });
});

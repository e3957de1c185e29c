import { describe, expect, it } from 'vitest';
import { BRIDGE_NAME, bridgeName } from '../../shared/naming';
import type { Agent } from './agent-schema';
import { agentNames, agentToolNames, RESOURCE_TOOL_NAMES } from './agent-names';
import { SEARCH_TOOL_NAMES } from './search-tools';

const agent = (servers: string[], names?: 'plain' | 'prefixed'): Agent => ({
  name: 'a',
  tokenHint: 'cs_',
  createdAt: 0,
  tokenCreatedAt: 0,
  servers,
  policy: { read: 'allow', write: 'allow', destructive: 'allow' },
  tools: {},
  ...(names ? { names } : {}),
});

function index(entries: Array<[server: string, tool: string]>): Map<string, { server: string; info: { name: string } }> {
  return new Map(entries.map(([server, name]) => [bridgeName(server, name), { server, info: { name } }]));
}

describe('agentNames', () => {
  const tools = index([
    ['github', 'create_issue'],
    ['gitlab', 'create_issue'],
    ['github', 'search'],
    ['memory', 'read_graph'],
    ['files', 'read.file'],
    ['odd', 'memory__read_graph'],
  ]);

  it('prefixed (the default): every name is the bridge name', () => {
    const names = agentNames(tools, agent(['*']));
    expect(names.shown('github__search')).toBe('github__search');
    expect(names.bridgeOf('search')).toBe('search');
    expect(names.keptPrefix).toEqual([]);
  });

  it('plain: own names where none collide among the agent\u2019s servers; collisions, bad patterns and another entry\u2019s bridge name keep the prefix', () => {
    const names = agentNames(tools, agent(['*'], 'plain'));
    expect(names.shown('github__search')).toBe('search');
    expect(names.shown('memory__read_graph')).toBe('read_graph');
    expect(names.shown('github__create_issue')).toBe('github__create_issue');
    expect(names.shown('gitlab__create_issue')).toBe('gitlab__create_issue');
    expect(names.shown('files__read_file')).toBe('files__read_file');
    // `memory__read_graph` is memory's bridge name: odd's tool of that name keeps its prefix.
    expect(names.shown(bridgeName('odd', 'memory__read_graph'))).toBe(bridgeName('odd', 'memory__read_graph'));
    expect(names.keptPrefix.sort()).toEqual(['github__create_issue', 'gitlab__create_issue']);
    // Both forms are accepted back.
    expect(names.bridgeOf('search')).toBe('github__search');
    expect(names.bridgeOf('github__search')).toBe('github__search');
  });

  it('plain: a name holding `__` keeps its prefix whatever servers exist, so it never becomes another server\u2019s name once that server is given', () => {
    const squat = index([['squat', 'bank__get-sum'], ['squat', 'get_sum'], ['squat', 'a___b']]);
    const before = agentNames(squat, agent(['squat'], 'plain'));
    expect(before.shown('squat__bank__get-sum')).toBe('squat__bank__get-sum');
    expect(before.shown(bridgeName('squat', 'a___b'))).toBe(bridgeName('squat', 'a___b'));
    expect(before.shown('squat__get_sum')).toBe('get_sum');
    expect(before.bridgeOf('bank__get-sum')).toBe('bank__get-sum');
    const both = index([['squat', 'bank__get-sum'], ['bank', 'get-sum']]);
    const after = agentNames(both, agent(['squat', 'bank'], 'plain'));
    expect(after.shown('squat__bank__get-sum')).toBe('squat__bank__get-sum');
    expect(after.shown('bank__get-sum')).toBe('get-sum');
  });

  it('plain: names equal but for case collide, and our own names are kept in any case', () => {
    const twins = index([['squat', 'ECHO'], ['bank', 'echo'], ['bank', 'Search_Tools']]);
    const names = agentNames(twins, agent(['*'], 'plain'), new Set(['search_tools']));
    expect(names.shown('squat__ECHO')).toBe('squat__ECHO');
    expect(names.shown('bank__echo')).toBe('bank__echo');
    expect(names.shown('bank__Search_Tools')).toBe('bank__Search_Tools');
    expect(names.keptPrefix.sort()).toEqual(['bank__echo', 'squat__ECHO']);
  });

  it('decides from the agent\u2019s own servers: a collision with a server it cannot use does not count', () => {
    const names = agentNames(tools, agent(['github', 'memory'], 'plain'));
    expect(names.shown('github__create_issue')).toBe('create_issue');
    expect(names.keptPrefix).toEqual([]);
  });

  it('every shown name is unique, fits the model APIs\u2019 pattern, and is the same when built again (a property over generated inventories)', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const words = ['get', 'GET', 'list', 'create', 'search', 'read', 'x', 'a.b', 'memory__get', 'delete_item', 'ü', 's1__x'];
    for (let round = 0; round < 200; round++) {
      const entries: Array<[string, string]> = [];
      const count = 1 + (next() % 12);
      for (let i = 0; i < count; i++) entries.push([['s1', 's2', 'memory', 'long-server-name'][next() % 4] ?? 's1', words[next() % words.length] ?? 'x']);
      const built = index(entries);
      const names = agentNames(built, agent(['*'], 'plain'));
      const shown = [...built.keys()].map((b) => names.shown(b));
      expect(new Set(shown).size).toBe(shown.length);
      // Plain names are unique with case folded too (bridge names are the bridge's own, as for every agent).
      const plain = [...built.keys()].filter((b) => names.shown(b) !== b).map((b) => names.shown(b).toLowerCase());
      expect(new Set(plain).size).toBe(plain.length);
      for (const name of shown) expect(name).toMatch(BRIDGE_NAME);
      // A plain name (one that is not its bridge name) never has a bridge name's `__`.
      for (const b of built.keys()) if (names.shown(b) !== b) expect(names.shown(b)).not.toContain('__');
      const again = agentNames(index(entries), agent(['*'], 'plain'));
      expect([...built.keys()].map((b) => again.shown(b))).toEqual(shown);
      for (const b of built.keys()) expect(names.bridgeOf(names.shown(b))).toBe(b);
    }
  });
});

describe('agentToolNames', () => {
  const ours = [...SEARCH_TOOL_NAMES, ...RESOURCE_TOOL_NAMES];

  it('never shows a server\u2019s tool under search\u2019s names, in any tool mode: an `all` listing may gain them', () => {
    const tools = index([['shop', 'search_tools'], ['shop', 'call_read_tool'], ['shop', 'find']]);
    for (const toolMode of [undefined, 'search', 'auto'] as const) {
      const names = agentToolNames(tools, { ...agent(['*'], 'plain'), ...(toolMode ? { toolMode } : {}) });
      expect(names.shown('shop__search_tools')).toBe('shop__search_tools');
      expect(names.shown('shop__call_read_tool')).toBe('shop__call_read_tool');
      expect(names.shown('shop__find')).toBe('find');
      expect(names.bridgeOf('search_tools')).toBe('search_tools');
    }
  });

  it('no shown name is one of ours, for every tool mode and resource tools or not (a property over generated inventories)', () => {
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const words = [...ours, 'get', 'search', 'list', 'x'];
    for (let round = 0; round < 200; round++) {
      const entries: Array<[string, string]> = [];
      const count = 1 + (next() % 10);
      for (let i = 0; i < count; i++) entries.push([['s1', 's2', 'files'][next() % 3] ?? 's1', words[next() % words.length] ?? 'x']);
      const built = index(entries);
      const toolMode = ([undefined, 'search', 'auto'] as const)[next() % 3];
      const record: Agent = { ...agent(['*'], 'plain'), ...(toolMode ? { toolMode } : {}), ...(next() % 2 === 0 ? { resourceTools: true } : {}) };
      const names = agentToolNames(built, record);
      for (const bridge of built.keys()) {
        const shown = names.shown(bridge);
        const searchName = SEARCH_TOOL_NAMES.includes(shown);
        const resourceName = (RESOURCE_TOOL_NAMES as readonly string[]).includes(shown) && record.resourceTools === true;
        expect(searchName || resourceName, `${bridge} shown as ${shown}`).toBe(false);
        expect(names.bridgeOf(shown)).toBe(bridge);
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { AgentView } from '../../../shared/api';
import { parseClient, parseClientOnSet, parseForOnAdd, parseTarget, toolModeNotes } from './agent-client-options';

describe('agents set --for', () => {
  it('an empty value forgets the client, as none does (an empty option clears its field)', () => {
    expect(parseClientOnSet('')).toBe('none');
    expect(parseClientOnSet('  ')).toBe('none');
    expect(parseClientOnSet('none')).toBe('none');
    expect(parseClientOnSet('cursor')).toBe('cursor');
    expect(parseClientOnSet('12')).toBe(12);
  });

  it('--client of agents connect still refuses an empty value, naming the clients', () => {
    expect(() => parseClient('')).toThrow(/--for takes .*not ""/);
  });
});

describe('agents config --for', () => {
  it('prints every client, Windsurf and Gemini CLI among them; agents set --for says their prefix is not known', () => {
    expect(parseTarget('windsurf')).toBe('windsurf');
    expect(parseTarget('gemini-cli')).toBe('gemini-cli');
    expect(parseForOnAdd('gemini-cli')).toEqual({ target: 'gemini-cli' });
    expect(() => parseClient('windsurf')).toThrow(expect.objectContaining({ hint: expect.stringContaining('the prefix Windsurf puts before tool names is not known here') as unknown }));
  });

  it('a typo gets the client it likely meant', () => {
    expect(() => parseTarget('cursr')).toThrow(expect.objectContaining({ hint: 'Did you mean --for cursor?' }));
    expect(parseTarget('codex')).toBe('codex');
  });
});

describe('agents list: the listing bound of an all agent', () => {
  const view = (over: Partial<AgentView>): AgentView => ({ name: 'x', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'deny' }, tools: {}, createdAt: 0, ...over });

  it('names the servers it searches past 4 MiB, or says it searches all of them', () => {
    expect(toolModeNotes(view({ boundSearched: ['big', 'bigger'] }))).toEqual([
      "x finds the tools of big, bigger through search_tools: each lists tools past 4 MiB; its other servers' tools stay listed (tool mode all).",
    ]);
    expect(toolModeNotes(view({ boundSearched: '*' }))).toEqual(['x\'s servers list tools past 4 MiB together: it lists search_tools and call tools instead of them (tool mode all).']);
    expect(toolModeNotes(view({}))).toEqual([]);
  });

  it('says whether an auto agent lists its tools or searches now, when that is known', () => {
    const auto = 'x lists its tools, or search_tools and call tools once they pass a size (tool mode auto)';
    expect(toolModeNotes(view({ toolMode: 'auto', autoListing: { searches: false, tools: 25, tokens: 5_033 } }))).toEqual([`${auto}: it lists them now (25 tools, about 5,033 tokens).`]);
    expect(toolModeNotes(view({ toolMode: 'auto', autoListing: { searches: true, tools: 41, tokens: 9_000 } }))).toEqual([`${auto}: it searches now (41 tools, about 9,000 tokens).`]);
    expect(toolModeNotes(view({ toolMode: 'auto' }))).toEqual([`${auto}.`]);
  });

  it('an all agent that searches a big server lists the tools it finds, when it has listFound', () => {
    expect(toolModeNotes(view({ boundSearched: ['big'], listFound: true }))[1]).toBe('While x searches, the tools it finds join its listing (list_changed).');
  });
});

describe('--for in any case: client names are lower-case, so Cursor is cursor', () => {
  it('agents add, set and config', () => {
    expect(parseForOnAdd('Claude-Code')).toEqual({ target: 'claude-code', client: 'claude-code' });
    expect(parseForOnAdd('ACP')).toEqual({ target: 'acp', client: 'acp' });
    expect(parseClientOnSet('Cursor')).toBe('cursor');
    expect(parseClient('None')).toBe('none');
    expect(parseTarget('VSCode')).toBe('vscode');
    expect(parseTarget('Windsurf')).toBe('windsurf');
  });
});

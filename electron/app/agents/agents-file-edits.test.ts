import { describe, expect, it } from 'vitest';
import type { Agent } from '../../bridge';
import { fileEditEntries } from './agents-file-edits';

const agent = (name: string, more: Partial<Agent> = {}): Agent => ({
  name,
  tokenHint: 'csa_abcd',
  createdAt: 1,
  tokenCreatedAt: 1,
  servers: ['github'],
  policy: { read: 'allow', write: 'ask', destructive: 'deny' },
  tools: {},
  ...more,
});

describe('fileEditEntries', () => {
  it('keeps an added agent and a widened one for review, logs narrowing and tool mode without', async () => {
    const entries = await fileEditEntries({
      before: [agent('gone'), agent('wider'), agent('narrower', { servers: ['github', 'slack'] }), agent('mode')],
      after: [agent('wider', { servers: ['*'], policy: { read: 'allow', write: 'allow', destructive: 'deny' } }), agent('narrower'), agent('mode', { toolMode: 'search' }), agent('new', { servers: ['*'] })],
      newToken: [],
    });
    const shown = entries.map((e) => [e.who, e.method, e.review === true, e.summary]);
    expect(shown).toEqual([
      ['file', 'removeAgent', false, 'agents.json was edited outside the app: remove the agent "gone"'],
      ['file', 'updateAgent', true, 'agents.json was edited outside the app: change the agent "wider": servers → all; write → allow'],
      ['file', 'updateAgent', false, 'agents.json was edited outside the app: change the agent "narrower": servers → github'],
      ['file', 'updateAgent', false, 'agents.json was edited outside the app: change the agent "mode": tool mode → search'],
      expect.arrayContaining(['file', 'addAgent', true]),
    ]);
    expect(entries[4]?.summary).toContain('add the agent "new" with every server');
  });

  it('keeps a replaced token and a removed deny rule for review; an unchanged file logs nothing', async () => {
    const denied = agent('a', { tools: { github: { delete_repo: 'deny' } } });
    const entries = await fileEditEntries({ before: [denied], after: [agent('a')], newToken: ['a'] });
    expect(entries.map((e) => [e.method, e.review === true])).toEqual([
      ['rotateAgent', true],
      ['updateAgent', true],
    ]);
    expect(entries[1]?.summary).toContain('delete_repo on github → tier default');
    expect(await fileEditEntries({ before: [denied], after: [denied], newToken: [] })).toEqual([]);
    // Adding a deny rule narrows.
    expect((await fileEditEntries({ before: [agent('a')], after: [denied], newToken: [] })).map((e) => e.review === true)).toEqual([false]);
  });
});

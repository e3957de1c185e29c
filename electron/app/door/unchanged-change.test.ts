import { describe, expect, it } from 'vitest';
import type { AdminEntry, AgentView, ApiInput, AppApi } from '../../../shared/api';
import { createApiDoor, type AdminRecorder } from './api-door';

const AGENT: AgentView = { name: 'coder', servers: ['files', 'github'], policy: { read: 'allow', write: 'ask', destructive: 'deny' }, tools: {}, createdAt: 0 };
// What the Edit access form sends on save: every field, changed or not.
const SAVED: ApiInput<'updateAgent'> = {
  name: 'coder',
  servers: ['github', 'files'],
  policy: { read: 'allow', write: 'ask', destructive: 'deny' },
  asks: { elicitation: 'allow', sampling: 'ask', roots: 'allow' },
  names: 'prefixed',
  resourceTools: false,
  listFound: false,
};

function setup() {
  const entries: AdminEntry[] = [];
  const updates: unknown[] = [];
  const admin: AdminRecorder = {
    record: (entry) => {
      const full = { ...entry, id: `e${entries.length}`, time: 0 };
      entries.push(full);
      return full;
    },
  };
  const api = {
    listAgents: () => Promise.resolve([AGENT]),
    updateAgent: (input: unknown) => (updates.push(input), Promise.resolve(AGENT)),
  } as unknown as AppApi;
  return { door: createApiDoor({ api, admin }), entries, updates };
}

describe('the door and an edit saved as it was', () => {
  it('makes it but writes no admin line, where a real change is written with what it changes', async () => {
    const { door, entries, updates } = setup();
    expect(await door.call({ caller: 'app' }, 'updateAgent', SAVED)).toEqual(AGENT);
    expect(updates).toHaveLength(1);
    expect(entries).toEqual([]);
    await door.call({ caller: 'app' }, 'updateAgent', { ...SAVED, policy: { ...SAVED.policy, write: 'deny' } });
    expect(entries.map((e) => e.summary)).toEqual(['change the agent "coder": write ask → deny']);
  });
});

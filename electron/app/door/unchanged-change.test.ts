import { describe, expect, it } from 'vitest';
import type { AdminEntry, AgentView, ApiInput, AppApi } from '../../../shared/api';
import type { ServerConfig } from '../../../shared/config';
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

// As serverConfig gives it; the Edit form writes it back as it was, its keys in its own order.
const SERVER: ServerConfig = { command: 'npx', args: ['-y', 'files-server'], env: { TOKEN: '${secret:TOKEN}' }, timeoutMs: 5000 };
const SAVED_SERVER: ServerConfig = { timeoutMs: 5000, env: { TOKEN: '${secret:TOKEN}' }, args: ['-y', 'files-server'], command: 'npx' };

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
    serverConfig: () => Promise.resolve({ config: SERVER }),
    updateServer: (input: unknown) => (updates.push(input), Promise.resolve({ name: 'files' })),
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

  it('of a server makes it but writes no admin line (nothing reloads as changed: nothing restarts), where a real change is written', async () => {
    const { door, entries, updates } = setup();
    await door.call({ caller: 'app' }, 'updateServer', { name: 'files', config: SAVED_SERVER });
    expect(updates).toHaveLength(1);
    expect(entries).toEqual([]);
    await door.call({ caller: 'app' }, 'updateServer', { name: 'files', config: { ...SAVED_SERVER, timeoutMs: 9000 } });
    expect(entries.map((e) => e.summary)).toEqual(['change the server "files": call timeout 5000 ms → 9000 ms']);
  });

  it('compares an agent update with the agent as an update still under way leaves it, so one undoing it is written', async () => {
    const entries: AdminEntry[] = [];
    const admin: AdminRecorder = { record: (entry) => (entries.push({ ...entry, id: `e${entries.length}`, time: 0 }), entries[entries.length - 1] as AdminEntry) };
    let stored = AGENT;
    let invoked: () => void = () => undefined;
    const firstInvoked = new Promise<void>((resolve) => (invoked = resolve));
    let release: () => void = () => undefined;
    const landed = new Promise<void>((resolve) => (release = resolve));
    const api = {
      listAgents: () => Promise.resolve([stored]),
      // Each update lands once released, on the agent as it is then (these change only its write tier).
      updateAgent: async (input: ApiInput<'updateAgent'>) => {
        invoked();
        await landed;
        stored = { ...stored, policy: { ...stored.policy, write: input.policy?.write ?? stored.policy.write } };
        return stored;
      },
    } as unknown as AppApi;
    const door = createApiDoor({ api, admin });
    const first = door.call({ caller: 'app' }, 'updateAgent', { name: 'coder', policy: { write: 'deny' } });
    await firstInvoked;
    // Asked while the first is under way: as the agent was read then, it changes nothing.
    const second = door.call({ caller: 'app' }, 'updateAgent', { name: 'coder', policy: { write: 'ask' } });
    // Every fake answer is already settled: one turn of the event loop lets the second go as far as it may before the first lands.
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await Promise.all([first, second]);
    expect(stored.policy.write).toBe('ask');
    expect(entries.map((e) => e.summary)).toEqual(['change the agent "coder": write ask → deny', 'change the agent "coder": write deny → ask']);
  });
});

import { describe, expect, it } from 'vitest';
import type { AgentView } from '../../../shared/api';
import { summarize } from './admin-summary';

const HASH = 'a'.repeat(64);

describe('the confirmation line of an agent change names every widening', () => {
  it("names what servers' requests may do, where a change gives nothing else", () => {
    expect(summarize('updateAgent', { name: 'helper', asks: { elicitation: 'allow', roots: 'allow', sampling: 'ask' } })).toBe(
      'change the agent "helper": elicitation requests → allow; roots requests → allow; sampling requests → ask',
    );
  });

  it('names an added agent\'s policy beyond its servers', () => {
    expect(summarize('addAgent', { name: 'helper', servers: ['files'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } })).toBe(
      'add the agent "helper" with servers: files (read → allow; write → allow; destructive → allow)',
    );
    expect(summarize('addAgent', { name: 'plain', servers: '*' })).toBe('add the agent "plain" with every server');
    // The client its names are made for, in the Agents screen's words.
    expect(summarize('addAgent', { name: 'coder', servers: '*', client: 'claude-code' })).toBe('add the agent "coder" with every server (names made for → claude-code)');
    expect(summarize('updateAgent', { name: 'coder', client: null })).toBe('change the agent "coder": names made for → no client');
  });

  it("names a code agent's policy, per-tool decisions and asks", () => {
    const line = summarize('declareAgents', {
      agents: { planner: { tokenHash: HASH, servers: ['files'], policy: { destructive: 'allow' }, tools: { files: { delete_file: 'allow' } }, asks: { sampling: 'ask' } } },
    });
    expect(line).toBe('add agents declared in a program\'s code: "planner" with servers: files (destructive → allow; delete_file on files → allow; sampling requests → ask)');
  });
});

describe('the line of an agent change, given the agent as it is, names only what changes', () => {
  const agent: AgentView = { name: 'coder', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'deny' }, tools: { files: { delete_file: 'deny' } }, createdAt: 0 };
  // What the Edit access dialog sends: every field, whether changed or not.
  const whole = {
    name: 'coder',
    servers: '*' as const,
    policy: { read: 'allow' as const, write: 'ask' as const, destructive: 'deny' as const },
    asks: { elicitation: 'allow' as const, sampling: 'ask' as const, roots: 'allow' as const },
    names: 'prefixed' as const,
    resourceTools: false,
    listFound: false,
  };

  it('says the tool mode alone, from what to what, when only it changes', () => {
    expect(summarize('updateAgent', { ...whole, toolMode: 'search' }, { agent })).toBe('change the agent "coder": tool mode all → search');
    expect(summarize('updateAgent', { ...whole, toolMode: 'all' }, { agent })).toBe('change the agent "coder": nothing');
  });

  it('reads servers as a set: the same ones in another order are no change', () => {
    const listed: AgentView = { ...agent, servers: ['files', 'github'] };
    expect(summarize('updateAgent', { ...whole, servers: ['github', 'files'] }, { agent: listed })).toBe('change the agent "coder": nothing');
    expect(summarize('updateAgent', { ...whole, servers: ['github', 'files', 'files'] }, { agent: listed })).toBe('change the agent "coder": nothing');
    expect(summarize('updateAgent', { ...whole, servers: ['github'] }, { agent: listed })).toBe('change the agent "coder": servers files, github → github');
  });

  it('says a policy edit and a per-tool decision from what to what, and the servers', () => {
    const line = summarize('updateAgent', { ...whole, servers: ['files'], policy: { ...whole.policy, write: 'allow' }, tools: [{ server: 'files', tool: 'delete_file', decision: null }, { server: 'files', tool: 'move', decision: 'allow' }] }, { agent });
    expect(line).toBe('change the agent "coder": servers all → files; write ask → allow; delete_file on files deny → tier default; move on files tier default → allow');
    expect(summarize('updateAgent', { ...whole, asks: { sampling: 'deny' }, client: 'cursor', resourceTools: true }, { agent })).toBe(
      'change the agent "coder": sampling requests ask → deny; resource tools off → on; names made for no client → cursor',
    );
  });
});

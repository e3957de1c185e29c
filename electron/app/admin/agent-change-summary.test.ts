import { describe, expect, it } from 'vitest';
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

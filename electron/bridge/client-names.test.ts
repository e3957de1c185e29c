import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NAME_CLIENTS } from '../../shared/api';
import { buildNameTable, MAX_NAME_LENGTH } from '../../shared/naming';
import { agentToolNames } from './agent-names';
import type { Agent } from './agent-schema';
import { clientWithRoom, describeClient, NAME_ROOM, prefixLength, type AgentClient } from './client-names';
import { OWN_TOOL_NAMES } from './own-tool-names';

/** The model APIs' pattern for a tool name (e.g. the Anthropic Messages API), which clients forward ours to. */
const MODEL_API_NAME = /^[A-Za-z0-9_-]{1,64}$/;
type Index = Map<string, { server: string; info: { name: string } }>;

/** The index as the bridge builds it (tool-index.ts): bridge names over every server. */
function indexOf(tools: ReadonlyArray<readonly [string, string]>): Index {
  const table = buildNameTable(tools.map(([server, name]) => ({ server, name })));
  const out: Index = new Map();
  for (const [server, name] of tools) {
    const bridge = table.toBridge(server, name);
    if (bridge !== undefined && !out.has(bridge)) out.set(bridge, { server, info: { name } });
  }
  return out;
}

const agent = (client: AgentClient | undefined, names: 'plain' | 'prefixed', toolMode?: 'search'): Agent => ({
  name: 'a',
  tokenHint: 'cs_',
  createdAt: 0,
  tokenCreatedAt: 0,
  servers: ['*'],
  policy: { read: 'allow', write: 'allow', destructive: 'allow' },
  tools: {},
  ...(names === 'plain' ? { names } : {}),
  ...(client !== undefined ? { client } : {}),
  ...(toolMode ? { toolMode } : {}),
});

/** What the client itself puts before our name (for acp: Claude Code's, the longest of the ACP agents), for agent `a`'s entry `connected-services-a` (what `agents config` prints and `agents connect` writes). */
function clientPrefix(client: AgentClient): string {
  if (typeof client === 'number') return 'p'.repeat(client);
  return { 'claude-code': 'mcp__connected-services-a__', codex: 'mcp__connected-services-a__', vscode: 'mcp_connected-services-a_', cursor: 'connected-services-a_xxxx', 'claude-desktop': '', acp: 'mcp__connected-services-a__' }[client];
}

const serverName = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,40}$/);
// Any text a server may call a tool: long ones, other alphabets, the characters we replace.
const toolName = fc.oneof(fc.stringMatching(/^[a-z_-]{1,90}$/), fc.string({ minLength: 1, maxLength: 90 }), fc.constantFrom('trigger-long-running-operation', 'linear_rotateManagedOAuthApplicationWebhookSecret', 'read.file'));
const inventory = fc.array(fc.tuple(serverName, toolName), { minLength: 1, maxLength: 40 });
const clients = fc.oneof(fc.constantFrom(...NAME_CLIENTS), fc.integer({ min: 0, max: 40 }));

describe('names that fit the client (issue #32)', () => {
  it('every name an agent sees fits 64 characters and the model APIs pattern with its client prefix, is unique, maps back, and is the same after a restart', () => {
    fc.assert(
      fc.property(inventory, clients, fc.constantFrom('plain' as const, 'prefixed' as const), fc.boolean(), (tools, client, style, searching) => {
        const index = indexOf(tools);
        const names = agentToolNames(index, agent(client, style, searching ? 'search' : undefined));
        // A restart: the same inventories, listed in another order, into new objects.
        const again = agentToolNames(indexOf([...tools].reverse()), agent(client, style, searching ? 'search' : undefined));
        const uncut = agentToolNames(index, agent(undefined, style, searching ? 'search' : undefined));
        const seen = new Set<string>();
        for (const bridge of index.keys()) {
          const shown = names.shown(bridge);
          // A cut name's hash never follows a `_`: the cut makes no `__`, the prefixed names' separator.
          if (shown !== uncut.shown(bridge)) expect(shown).not.toMatch(/__[0-9a-f]{8,16}$/);
          const full = `${clientPrefix(client)}${shown}`;
          expect(full.length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
          expect(full).toMatch(MODEL_API_NAME);
          expect(seen.has(shown), `${shown} twice`).toBe(false);
          seen.add(shown);
          expect(names.bridgeOf(shown)).toBe(bridge);
          expect(again.shown(bridge)).toBe(shown);
        }
      }),
      { numRuns: 300, seed: 32 },
    );
  });

  it("cuts with the hash of the exact pair: server-everything's longest tool in Claude Code", () => {
    const index = indexOf([['everything', 'trigger-long-running-operation'], ['everything', 'echo']]);
    const names = agentToolNames(index, agent('claude-code', 'prefixed'));
    const shown = names.shown('everything__trigger-long-running-operation');
    expect(`mcp__connected-services-a__${shown}`).toHaveLength(64);
    expect(shown).toMatch(/^everything__trigger-long-run_[0-9a-f]{8}$/);
    expect(names.shown('everything__echo')).toBe('everything__echo');
    // Without a client the bridge name stands as it is.
    expect(agentToolNames(index, agent(undefined, 'prefixed')).shown('everything__trigger-long-running-operation')).toBe('everything__trigger-long-running-operation');
  });

  it("never hands a long tool's cut name to another server's tool listed under it: the name stays its owner's", () => {
    const long = 'post_a_reply_to_an_existing_review_comment_thread';
    const victim = agentToolNames(indexOf([['victim', long]]), agent('claude-code', 'plain'));
    const cutName = victim.shown(`victim__${long}`);
    expect(cutName).toMatch(/_[0-9a-f]{8}$/);
    // Another server lists a tool under exactly that name (the hash is public).
    const names = agentToolNames(indexOf([['victim', long], ['squat', cutName]]), agent('claude-code', 'plain'));
    expect(names.shown(`victim__${long}`)).toBe(cutName);
    expect(names.bridgeOf(cutName)).toBe(`victim__${long}`);
    expect(names.shown(`squat__${cutName}`)).not.toBe(cutName);
    expect(names.bridgeOf(names.shown(`squat__${cutName}`))).toBe(`squat__${cutName}`);
  });

  it("never hands a tool's cut name to another server whose tool's cut name meets it: both are lengthened", () => {
    // Found by trying names (the hash is public and fast): both cut to `create_pull_request_rev_9ae4728f` in Claude Code for agent `claude`.
    const victim = ['github', 'create_pull_request_review_comment_on_line'] as const;
    const aimed = ['gh-helpers', 'create_pull_request_review_helper_bph7iw1'] as const;
    const claude = { ...agent('claude-code', 'plain'), name: 'claude' };
    const seen = agentToolNames(indexOf([victim]), claude).shown(`github__${victim[1]}`);
    expect(seen).toBe('create_pull_request_rev_9ae4728f');
    for (const tools of [[victim, aimed], [aimed, victim]]) {
      const names = agentToolNames(indexOf(tools), { ...claude });
      const mine = names.shown(`github__${victim[1]}`);
      const theirs = names.shown(`gh-helpers__${aimed[1]}`);
      expect(mine).toMatch(/_9ae4728f[0-9a-f]{4}$/);
      expect(theirs).toMatch(/_[0-9a-f]{12}$/);
      expect(names.bridgeOf(mine)).toBe(`github__${victim[1]}`);
      expect(names.bridgeOf(theirs)).toBe(`gh-helpers__${aimed[1]}`);
      // The name the agent saw means no tool now, not the other server's.
      expect(names.bridgeOf(seen)).toBe(seen);
    }
  });

  it('a cut that ends in `_` loses it before the hash: `__` in a cut name would read as a server prefix', () => {
    const long = 'post_a_reply_to_an_existing_review_comment_thread';
    const names = agentToolNames(indexOf([['svc', long]]), agent('claude-code', 'plain'));
    // Kept within 37 characters, the first 28 end in `_`.
    expect(names.shown(`svc__${long}`)).toMatch(/^post_a_reply_to_an_existing_[0-9a-f]{8}$/);
    expect(names.bridgeOf(names.shown(`svc__${long}`))).toBe(`svc__${long}`);
  });

  it("refuses a client whose prefix, with the agent's name, leaves our own tools' names past 64", () => {
    expect(NAME_ROOM).toBe(Math.max(...OWN_TOOL_NAMES.map((n) => n.length)));
    expect(OWN_TOOL_NAMES).toContain('call_destructive_tool');
    // Claude Code's `mcp__connected-services-eighteen-char-name__call_destructive_tool` is 65 characters.
    expect(() => clientWithRoom('eighteen-char-name', 'claude-code')).toThrow(/ours need 21/);
    expect(() => clientWithRoom('a'.repeat(49), 'claude-code')).toThrow(expect.objectContaining({ hint: expect.stringContaining('at most 17 characters') as string }) as Error);
    for (const client of NAME_CLIENTS) {
      // The longest name each client takes: our every tool then fits 64 with its prefix, one more refused.
      const takes = (name: string): boolean => {
        try {
          return clientWithRoom(name, client) === client;
        } catch {
          return false;
        }
      };
      let longest = 0;
      while (longest < 64 && takes('n'.repeat(longest + 1))) longest++;
      for (const own of OWN_TOOL_NAMES) expect(prefixLength(client, 'n'.repeat(longest)) + own.length, `${client} ${own}`).toBeLessThanOrEqual(64);
      if (longest < 64) expect(() => clientWithRoom('n'.repeat(longest + 1), client)).toThrow();
    }
    for (let length = 0; length <= 40; length++) expect(clientWithRoom('any-name-at-all-of-any-length-whatsoever', length)).toBe(length);
    expect(clientWithRoom('a'.repeat(60), undefined)).toBeUndefined();
  });

  it('says which client it assumed', () => {
    expect(prefixLength('claude-code')).toBe(25);
    expect(prefixLength(12)).toBe(12);
    expect(describeClient('vscode')).toBe('names made for vscode (a prefix of 23 characters, for the entry "connected-services"): each fits 41 characters');
    expect(describeClient(undefined)).toContain('no client recorded');
    // The agent's own entry, as `agents config` prints and `agents connect` writes it.
    expect(prefixLength('claude-code', 'My Laptop')).toBe('mcp__connected-services-my-laptop__'.length);
    expect(describeClient('claude-code', 'laptop')).toBe('names made for claude-code (a prefix of 32 characters, for the entry "connected-services-laptop"): each fits 32 characters');
    expect(describeClient('claude-code', 'a'.repeat(40))).toContain('too little room, give the agent a shorter name');
  });
});

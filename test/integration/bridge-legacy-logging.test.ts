import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpstreamLog } from '../../electron/pool';
import { loggingServer } from '../fixtures/servers/config';
import { waitFor } from '../support/server-harness';
import { connectAgent, firstText, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

// Issue #30 item 2, one guard for both eras: a service's log message reaches a 2025-11-25 session
// only through the call it arose in (electron/pool running-calls.ts logTarget, the same routing as
// 2026-07-28), at the session's logging/setLevel level. A message of another agent's call, of
// overlapping calls of different agents, or of no call reaches no agent; the app's server log has
// every one. Two SDK 1.x agents, our SDK v2 logging server over stdio behind the bridge.
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;

let h: BridgeHarness;
const agents: Record<string, AgentClient> = {};
/** The data of every log message each agent received. */
const received: Record<string, string[]> = { alice: [], bob: [] };
/** Every message the pool passed to the app's server log. */
const serverLog: UpstreamLog[] = [];

beforeAll(async () => {
  h = await startBridge({ logs: loggingServer() });
  h.pool.on('log', (entry) => void serverLog.push(entry));
  for (const name of ['alice', 'bob']) {
    const { token } = await h.bridge.agents.add(name, { servers: ['*'], policy: ALLOW_ALL });
    const agent = await connectAgent(h.bridge.url, token, name);
    agent.client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => void received[name]?.push(JSON.stringify(params.data)));
    agents[name] = agent;
  }
  await h.pool.start('logs');
}, 60_000);

afterAll(async () => {
  for (const agent of Object.values(agents)) await agent.close();
  await h?.close();
});

async function call(agent: string, tool: string, tag: string): Promise<string> {
  const client = agents[agent]?.client;
  if (!client) throw new Error(`no agent ${agent}`);
  return firstText(await client.callTool({ name: tool, arguments: { tag } }));
}

/** Each agent calls alone and so receives its own call's messages, on the call's stream before its result. */
async function eachCallsAlone(tag: string): Promise<void> {
  for (const agent of ['alice', 'bob']) {
    expect(await call(agent, 'logs__log', `${agent}-${tag}`)).toBe(`logged ${agent}-${tag}`);
    expect(received[agent]).toContain(JSON.stringify(`${agent}-${tag} error`));
  }
}

describe('log messages to 2025-11-25 sessions', () => {
  it("an agent calling alone receives its call's messages at its session's level; the other agent none of them", async () => {
    await agents['alice']?.client.setLoggingLevel('warning');
    const from = received['alice']?.length ?? 0;
    expect(await call('alice', 'logs__log', 'solo')).toBe('logged solo');
    expect(received['alice']?.slice(from)).toEqual([JSON.stringify('solo warning'), JSON.stringify('solo error')]);
    // Bob (no level set: everything) gets his own call's four, after which Alice's would have reached him.
    expect(await call('bob', 'logs__log', 'bob-solo')).toBe('logged bob-solo');
    expect(received['bob']).toEqual(['debug', 'info', 'warning', 'error'].map((level) => JSON.stringify(`bob-solo ${level}`)));
    expect(received['bob']).not.toContain(JSON.stringify('solo warning'));
  });

  it("another agent's call at the same time never reaches a session", async () => {
    // meet answers only once both calls have arrived: the two certainly run at once.
    const [alice, bob] = await Promise.all([call('alice', 'logs__meet', 'alice-meet'), call('bob', 'logs__meet', 'bob-meet')]);
    expect([alice, bob]).toEqual(['met alice-meet', 'met bob-meet']);
    await waitFor('the server log to have all four', () => serverLog.filter((e) => String(e.data).includes('-meet ')).length === 4);
    await eachCallsAlone('after-meet');
    expect(received['alice']?.join()).not.toContain('bob-meet');
    expect(received['bob']?.join()).not.toContain('alice-meet');
    // Both "met" messages come while both calls run: neither agent's.
    expect([...(received['alice'] ?? []), ...(received['bob'] ?? [])].join()).not.toContain(' met');
  });

  it('a message of no call (the service logging on its own) reaches no agent, only the server log', async () => {
    const before = serverLog.filter((e) => e.data === 'background: started').length;
    await h.pool.stop('logs');
    await h.pool.start('logs');
    await waitFor('the background message in the server log', () => serverLog.filter((e) => e.data === 'background: started').length > before);
    await eachCallsAlone('after-restart');
    expect([...(received['alice'] ?? []), ...(received['bob'] ?? [])].join()).not.toContain('background');
  });
});

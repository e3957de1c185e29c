import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactor } from '../../shared/redact';
import { loggingServer } from '../fixtures/servers/config';
import { startModernLoggingServer } from '../fixtures/servers/logging-server';
import { connectAgent, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

// Issue #30 item 2, one routing for both eras, for every request an agent may make of a service
// besides tools/call: a 2025-11-25 session's prompts/get, resources/read and completion/complete get
// the service's messages during that request (on its POST's stream), at the session's
// logging/setLevel level, redacted, and never another agent's (electron/pool running-calls.ts
// logTarget). SDK 1.x agents; behind the bridge our SDK v2 logging server over stdio (2025-11-25)
// and over HTTP speaking only 2026-07-28 (the pool asks it in `_meta`). Each pair of agents may use
// one of the two (both offer the same resource templates).
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
const SECRET = 'legacy-read-secret-91c2e8aa';
/** Handed to the server in two parts, joined there: a call holding a vault value whole waits for the person (SECURITY.md). */
const SPLIT = `${SECRET.slice(0, 8)}|${SECRET.slice(8)}`;
const PAIRS = [
  { server: 'logs', agents: ['alice', 'bob'] },
  { server: 'remote', agents: ['carol', 'dave'] },
] as const;

type Method = 'prompts/get' | 'resources/read' | 'completion/complete';

/** One request of `method` through an SDK 1.x client; its answer's text. */
async function ask(client: Client, method: Method, server: string, tag: string, secret?: string): Promise<string> {
  if (method === 'prompts/get') {
    const result = await client.getPrompt({ name: `${server}__logged`, arguments: { tag, ...(secret ? { secret } : {}) } });
    const content = result.messages[0]?.content;
    return content?.type === 'text' ? content.text : '';
  }
  if (method === 'resources/read') {
    const result = await client.readResource({ uri: secret ? `logs://leak/${secret}` : `logs://log/${tag}` });
    const first = result.contents[0];
    return first && 'text' in first ? first.text : '';
  }
  const result = await client.complete({ ref: { type: 'ref/prompt', name: `${server}__logged` }, argument: { name: 'tag', value: tag }, ...(secret ? { context: { arguments: { secret } } } : {}) });
  return result.completion.values.join();
}

/** The same method's meeting: answered only once a second such request has arrived. */
async function meet(client: Client, method: Method, server: string, tag: string): Promise<void> {
  if (method === 'prompts/get') await client.getPrompt({ name: `${server}__meeting`, arguments: { tag } });
  else if (method === 'resources/read') await client.readResource({ uri: `logs://meet/${tag}` });
  else await client.complete({ ref: { type: 'ref/prompt', name: `${server}__meeting` }, argument: { name: 'tag', value: tag } });
}

const EXPECTED: Record<Method, (tag: string) => string> = {
  'prompts/get': (tag) => `prompt ${tag}`,
  'resources/read': (tag) => `read ${tag}`,
  'completion/complete': (tag) => tag,
};

let h: BridgeHarness;
let modern: Awaited<ReturnType<typeof startModernLoggingServer>>;
const agents: Record<string, AgentClient> = {};
/** Every log message each agent received: its level, logger and data. */
const received: Record<string, { level: string; logger?: string | undefined; data: unknown }[]> = {};

beforeAll(async () => {
  modern = await startModernLoggingServer();
  h = await startBridge({ logs: loggingServer(), remote: { type: 'http', url: modern.url, protocol: '2026-07-28' } });
  await Promise.all([h.pool.start('logs'), h.pool.start('remote')]);
  for (const { server, agents: names } of PAIRS) {
    for (const name of names) {
      const { token } = await h.bridge.agents.add(name, { servers: [server], policy: ALLOW_ALL });
      const agent = await connectAgent(h.bridge.url, token, name);
      const got: (typeof received)[string] = (received[name] = []);
      agent.client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => void got.push({ level: params.level, logger: params.logger, data: params.data }));
      agents[name] = agent;
    }
  }
  // The first of each pair asks for warnings and worse; the second sets nothing (everything).
  await agents['alice']?.client.setLoggingLevel('warning');
  await agents['carol']?.client.setLoggingLevel('warning');
}, 60_000);

afterAll(async () => {
  for (const agent of Object.values(agents)) await agent.close();
  await h?.close();
  await modern?.close();
});

const clientOf = (name: string): Client => {
  const client = agents[name]?.client;
  if (!client) throw new Error(`no agent ${name}`);
  return client;
};
const since = (name: string, from: number) => received[name]?.slice(from) ?? [];

describe.each(['prompts/get', 'resources/read', 'completion/complete'] as const)("log messages of a 2025-11-25 session's %s", (method) => {
  it.each(PAIRS)("from $server: the asker's own, at its session's level; the other agent none of them", async ({ server, agents: [first, second] }) => {
    const before = { first: received[first]?.length ?? 0, second: received[second]?.length ?? 0 };
    expect(await ask(clientOf(first), method, server, `${first}-one`)).toBe(EXPECTED[method](`${first}-one`));
    expect(since(first, before.first)).toEqual([
      { level: 'warning', logger: `${server}/worker`, data: `${first}-one warning` },
      { level: 'error', logger: `${server}/worker`, data: `${first}-one error` },
    ]);
    // The other agent (no level set: everything) gets its own request's four, and none of the first's.
    expect(await ask(clientOf(second), method, server, `${second}-one`)).toBe(EXPECTED[method](`${second}-one`));
    expect(since(second, before.second).map((m) => m.data)).toEqual(['debug', 'info', 'warning', 'error'].map((level) => `${second}-one ${level}`));
  });

  it.each(PAIRS)('from $server: a vault secret in a message is redacted', async ({ server, agents: [agent] }) => {
    const from = received[agent]?.length ?? 0;
    redactor.addSecret(SECRET);
    try {
      await ask(clientOf(agent), method, server, 'leak', SPLIT);
    } finally {
      redactor.removeSecret(SECRET);
    }
    expect(JSON.stringify(since(agent, from))).not.toContain(SECRET);
    expect(since(agent, from).map((m) => m.data)).toContainEqual({ message: 'leak used [redacted]' });
  });

  it.each(PAIRS)("from $server: another agent's request at the same time never reaches a session", async ({ server, agents: [first, second] }) => {
    const from = { first: received[first]?.length ?? 0, second: received[second]?.length ?? 0 };
    // The server answers a meeting only once both requests have arrived: the two certainly run at once.
    await Promise.all([meet(clientOf(first), method, server, `${first}-meet`), meet(clientOf(second), method, server, `${second}-meet`)]);
    // A request of each after the meeting, alone: its messages come to it, and no late one of the other's.
    expect(await ask(clientOf(first), method, server, `${first}-after`)).toBe(EXPECTED[method](`${first}-after`));
    expect(await ask(clientOf(second), method, server, `${second}-after`)).toBe(EXPECTED[method](`${second}-after`));
    const firstGot = JSON.stringify(since(first, from.first));
    const secondGot = JSON.stringify(since(second, from.second));
    expect(firstGot).toContain(`${first}-after error`);
    expect(secondGot).toContain(`${second}-after error`);
    expect(firstGot).not.toContain(second);
    expect(secondGot).not.toContain(first);
    if (server === 'logs') expect(`${firstGot}${secondGot}`).not.toContain(' met');
  });
});

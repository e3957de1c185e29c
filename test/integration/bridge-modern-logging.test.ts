import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactor } from '../../shared/redact';
import { loggingServer } from '../fixtures/servers/config';
import { startModernLoggingServer } from '../fixtures/servers/logging-server';
import { mcpHeaders, rawRequest, startBridge, type BridgeHarness } from '../support/bridge-harness';
import { connectModernAgent } from '../support/modern-agent';
import { envelope, messagesOf, MODERN } from '../support/modern-raw';

// Issue #30 item 2, logging levels where the era has them: a 2026-07-28 agent asks for a request's log
// messages in its `_meta` (MCP 2026-07-28 server/utilities/logging §Per-request log level); the
// service's messages during that call come back on the call's own stream, at or above the level,
// redacted, and never another agent's. Behind the bridge: our SDK v2 server over stdio (2025-11-25,
// logging/setLevel) and the same server over HTTP speaking only 2026-07-28 (the level in `_meta`).
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
const SECRET = 'log-secret-value-7f3a9c21';
/** Handed to the server in two parts, joined there: a call holding a vault value whole waits for the person (SECURITY.md). */
const SPLIT = `${SECRET.slice(0, 8)}|${SECRET.slice(8)}`;
const LOG_KEY = 'io.modelcontextprotocol/logLevel';

interface Message {
  method?: string;
  params?: { level?: string; logger?: string; data?: unknown };
  result?: { content?: { text?: string }[] };
  error?: { code: number; message: string };
}

let h: BridgeHarness;
let modern: Awaited<ReturnType<typeof startModernLoggingServer>>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  modern = await startModernLoggingServer();
  h = await startBridge({ logs: loggingServer(), remote: { type: 'http', url: modern.url, protocol: MODERN } });
  await Promise.all([h.pool.start('logs'), h.pool.start('remote')]);
  for (const name of ['alice', 'bob']) tokens[name] = (await h.bridge.agents.add(name, { servers: ['*'], policy: ALLOW_ALL })).token;
}, 60_000);

afterAll(async () => {
  await h?.close();
  await modern?.close();
});

/** One 2026-07-28 tools/call as raw HTTP: every message of its answer (the SSE stream's events, or the one JSON body). */
async function call(agent: string, id: number, name: string, args: Record<string, unknown>, level?: string): Promise<Message[]> {
  const _meta = { ...envelope(), ...(level === undefined ? {} : { [LOG_KEY]: level }) };
  const headers = mcpHeaders(h.bridge.port, tokens[agent], { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': 'tools/call', 'Mcp-Name': name });
  const answer = await rawRequest(h.bridge.port, { headers, body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, _meta } }) });
  expect(answer.status).toBe(200);
  return messagesOf(answer.body) as Message[];
}

const logs = (messages: Message[]): Message[] => messages.filter((m) => m.method === 'notifications/message');
const levels = (messages: Message[]): string[] => logs(messages).map((m) => m.params?.level ?? '');
const resultText = (messages: Message[]): string => messages.find((m) => m.result)?.result?.content?.[0]?.text ?? '';

describe('log messages of a 2026-07-28 request', () => {
  it('from a 2025-11-25 stdio service: those at or above the level, on the call\'s stream, named after the service', async () => {
    const messages = await call('alice', 1, 'logs__log', { tag: 'one' }, 'warning');
    expect(resultText(messages)).toBe('logged one');
    expect(levels(messages)).toEqual(['warning', 'error']);
    expect(logs(messages).map((m) => [m.params?.logger, m.params?.data])).toEqual([['logs/worker', 'one warning'], ['logs/worker', 'one error']]);
    // debug asks for everything
    expect(levels(await call('alice', 2, 'logs__log', { tag: 'two' }, 'debug'))).toEqual(['debug', 'info', 'warning', 'error']);
  });

  it('none for a request without a level', async () => {
    const messages = await call('alice', 3, 'logs__log', { tag: 'quiet' });
    expect(resultText(messages)).toBe('logged quiet');
    expect(logs(messages)).toEqual([]);
  });

  it('from a 2026-07-28 service: the level passes upstream in `_meta`, and without it the service sends none', async () => {
    expect(levels(await call('alice', 4, 'remote__log', { tag: 'far' }, 'info'))).toEqual(['info', 'warning', 'error']);
    const quiet = await call('alice', 5, 'remote__log', { tag: 'far-quiet' });
    expect(resultText(quiet)).toBe('logged far-quiet');
    expect(logs(quiet)).toEqual([]);
  });

  it('a vault secret in a message is redacted, in either era', async () => {
    redactor.addSecret(SECRET);
    try {
      for (const [id, tool] of [[6, 'logs__log'], [7, 'remote__log']] as const) {
        const messages = await call('alice', id, tool, { tag: 'leak', secret: SPLIT }, 'error');
        expect(JSON.stringify(messages)).not.toContain(SECRET);
        expect(logs(messages).map((m) => m.params?.data)).toContainEqual({ message: 'leak used [redacted]' });
      }
    } finally {
      redactor.removeSecret(SECRET);
    }
  });

  it("another agent's call at the same time never reaches the stream, over stdio or HTTP", async () => {
    for (const [base, tool] of [[10, 'logs__meet'], [20, 'remote__meet']] as const) {
      // meet answers only once both calls have arrived: the two certainly run at once.
      const [alice, bob] = await Promise.all([call('alice', base, tool, { tag: 'alice' }, 'debug'), call('bob', base + 1, tool, { tag: 'bob' }, 'debug')]);
      expect([resultText(alice), resultText(bob)]).toEqual(['met alice', 'met bob']);
      expect(JSON.stringify(logs(alice))).not.toContain('bob');
      expect(JSON.stringify(logs(bob))).not.toContain('alice');
      if (tool === 'remote__meet') {
        // Over HTTP each message comes on its own call's stream: each gets its own, whole.
        expect(logs(alice).map((m) => m.params?.data)).toEqual(['alice arrived', 'alice met']);
        expect(logs(bob).map((m) => m.params?.data)).toEqual(['bob arrived', 'bob met']);
      }
    }
  });

  it('an SDK v2 client asking through `_meta` gets them as notifications of its call', async () => {
    const agent = await connectModernAgent(h.bridge.url, tokens['alice'] ?? '');
    const seen: unknown[] = [];
    agent.client.setNotificationHandler('notifications/message', ({ params }) => void seen.push(params.data));
    try {
      const result = await agent.client.callTool({ name: 'logs__log', arguments: { tag: 'sdk' }, _meta: { [LOG_KEY]: 'error' } });
      expect(result.content).toEqual([{ type: 'text', text: 'logged sdk' }]);
      expect(seen).toEqual(['sdk error']);
    } finally {
      await agent.close();
    }
  });
});

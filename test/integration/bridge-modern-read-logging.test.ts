import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactor } from '../../shared/redact';
import { loggingServer } from '../fixtures/servers/config';
import { startModernLoggingServer } from '../fixtures/servers/logging-server';
import { mcpHeaders, rawRequest, startBridge, type BridgeHarness } from '../support/bridge-harness';
import { envelope, messagesOf, MODERN } from '../support/modern-raw';

// Issue #30 item 2, logging levels where the era has them, for every request an agent may make of a
// service besides tools/call: a 2026-07-28 agent's prompts/get, resources/read and completion/complete
// with `io.modelcontextprotocol/logLevel` in `_meta` (MCP 2026-07-28 server/utilities/logging
// §Per-request log level) get the service's messages during that request on its own stream (the answer
// turns SSE), at or above the level, redacted, and never another agent's. Behind the bridge: our SDK v2
// logging server over stdio (2025-11-25) and over HTTP speaking only 2026-07-28. Each pair of agents
// may use one of the two (both offer the same resource templates).
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
const SECRET = 'read-log-secret-4be19d07';
/** Handed to the server in two parts, joined there: a call holding a vault value whole waits for the person (SECURITY.md). */
const SPLIT = `${SECRET.slice(0, 8)}|${SECRET.slice(8)}`;
const LOG_KEY = 'io.modelcontextprotocol/logLevel';

interface Message {
  method?: string;
  params?: { level?: string; logger?: string; data?: unknown };
  result?: { messages?: { content?: { text?: string } }[]; contents?: { text?: string }[]; completion?: { values?: string[] } };
  error?: { code: number; message: string };
}

/** One request of each method: its JSON-RPC method, params, `Mcp-Name` (none for completions), and the text its answer carries. */
interface Shape {
  method: 'prompts/get' | 'resources/read' | 'completion/complete';
  params(server: string, tag: string, secret?: string): { params: Record<string, unknown>; name?: string };
  meeting(server: string, tag: string): { params: Record<string, unknown>; name?: string };
  answer(message: Message | undefined): string;
}

const SHAPES: Shape[] = [
  {
    method: 'prompts/get',
    params: (server, tag, secret) => ({ params: { name: `${server}__logged`, arguments: { tag, ...(secret ? { secret } : {}) } }, name: `${server}__logged` }),
    meeting: (server, tag) => ({ params: { name: `${server}__meeting`, arguments: { tag } }, name: `${server}__meeting` }),
    answer: (m) => m?.result?.messages?.[0]?.content?.text ?? '',
  },
  {
    method: 'resources/read',
    params: (_server, tag, secret) => {
      const uri = secret ? `logs://leak/${secret}` : `logs://log/${tag}`;
      return { params: { uri }, name: uri };
    },
    meeting: (_server, tag) => ({ params: { uri: `logs://meet/${tag}` }, name: `logs://meet/${tag}` }),
    answer: (m) => m?.result?.contents?.[0]?.text ?? '',
  },
  {
    method: 'completion/complete',
    params: (server, tag, secret) => ({ params: { ref: { type: 'ref/prompt', name: `${server}__logged` }, argument: { name: 'tag', value: tag }, ...(secret ? { context: { arguments: { secret } } } : {}) } }),
    meeting: (server, tag) => ({ params: { ref: { type: 'ref/prompt', name: `${server}__meeting` }, argument: { name: 'tag', value: tag } } }),
    answer: (m) => m?.result?.completion?.values?.join() ?? '',
  },
];

const EXPECTED: Record<Shape['method'], (tag: string) => string> = {
  'prompts/get': (tag) => `prompt ${tag}`,
  'resources/read': (tag) => `read ${tag}`,
  'completion/complete': (tag) => tag,
};

/** Which agents use which service. */
const PAIRS = [
  { server: 'logs', agents: ['alice', 'bob'] },
  { server: 'remote', agents: ['carol', 'dave'] },
] as const;

let h: BridgeHarness;
let modern: Awaited<ReturnType<typeof startModernLoggingServer>>;
const tokens: Record<string, string> = {};
let nextId = 1;

beforeAll(async () => {
  modern = await startModernLoggingServer();
  h = await startBridge({ logs: loggingServer(), remote: { type: 'http', url: modern.url, protocol: MODERN } });
  await Promise.all([h.pool.start('logs'), h.pool.start('remote')]);
  for (const { server, agents } of PAIRS) {
    for (const name of agents) tokens[name] = (await h.bridge.agents.add(name, { servers: [server], policy: ALLOW_ALL })).token;
  }
}, 60_000);

afterAll(async () => {
  await h?.close();
  await modern?.close();
});

interface Answer {
  type: string;
  messages: Message[];
}

/** One 2026-07-28 request as raw HTTP: the answer's content type and every message of it (the SSE stream's events, or the one JSON body). */
async function ask(agent: string, method: Shape['method'], request: { params: Record<string, unknown>; name?: string }, level?: string): Promise<Answer> {
  const _meta = { ...envelope(), ...(level === undefined ? {} : { [LOG_KEY]: level }) };
  const headers = mcpHeaders(h.bridge.port, tokens[agent], { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': method, ...(request.name ? { 'Mcp-Name': request.name } : {}) });
  const body = JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: { ...request.params, _meta } });
  const answer = await rawRequest(h.bridge.port, { headers, body });
  expect(answer.status).toBe(200);
  return { type: String(answer.headers['content-type']), messages: messagesOf(answer.body) as Message[] };
}

const logs = (messages: Message[]): Message[] => messages.filter((m) => m.method === 'notifications/message');
const result = (messages: Message[]): Message | undefined => messages.find((m) => m.result !== undefined || m.error !== undefined);

describe.each(SHAPES)('log messages of a 2026-07-28 agent\'s $method', (shape) => {
  it.each(PAIRS)('from $server: those at or above the level, on the request\'s own stream; none without a level', async ({ server, agents: [agent] }) => {
    const asked = await ask(agent, shape.method, shape.params(server, 'one'), 'warning');
    expect(result(asked.messages)?.error).toBeUndefined();
    expect(shape.answer(result(asked.messages))).toBe(EXPECTED[shape.method]('one'));
    expect(asked.type).toContain('text/event-stream');
    expect(logs(asked.messages).map((m) => [m.params?.level, m.params?.logger, m.params?.data])).toEqual([
      ['warning', `${server}/worker`, 'one warning'],
      ['error', `${server}/worker`, 'one error'],
    ]);
    const quiet = await ask(agent, shape.method, shape.params(server, 'quiet'));
    expect(shape.answer(result(quiet.messages))).toBe(EXPECTED[shape.method]('quiet'));
    expect(logs(quiet.messages)).toEqual([]);
  });

  it.each(PAIRS)('from $server: a vault secret in a message is redacted', async ({ server, agents: [agent] }) => {
    redactor.addSecret(SECRET);
    try {
      const asked = await ask(agent, shape.method, shape.params(server, 'leak', SPLIT), 'error');
      expect(result(asked.messages)?.error).toBeUndefined();
      expect(JSON.stringify(asked.messages)).not.toContain(SECRET);
      expect(logs(asked.messages).map((m) => m.params?.data)).toContainEqual({ message: 'leak used [redacted]' });
    } finally {
      redactor.removeSecret(SECRET);
    }
  });

  it.each(PAIRS)("from $server: another agent's request at the same time never reaches the stream", async ({ server, agents: [first, second] }) => {
    // The server answers a meeting only once both requests have arrived: the two certainly run at once.
    const [a, b] = await Promise.all([ask(first, shape.method, shape.meeting(server, first), 'debug'), ask(second, shape.method, shape.meeting(server, second), 'debug')]);
    expect(result(a.messages)?.error).toBeUndefined();
    expect(result(b.messages)?.error).toBeUndefined();
    expect(JSON.stringify(logs(a.messages))).not.toContain(second);
    expect(JSON.stringify(logs(b.messages))).not.toContain(first);
    if (server === 'remote') {
      // Over HTTP each message comes on its own request's stream: each gets its own, whole.
      expect(logs(a.messages).map((m) => m.params?.data)).toEqual([`${first} arrived`, `${first} met`]);
      expect(logs(b.messages).map((m) => m.params?.data)).toEqual([`${second} arrived`, `${second} met`]);
    } else {
      // Over stdio a message names no request: once both run, and for the rest of each, it is nobody's
      // (an "arrived" may come while its own request still runs alone).
      expect(JSON.stringify(logs([...a.messages, ...b.messages]))).not.toContain(' met');
    }
  });
});

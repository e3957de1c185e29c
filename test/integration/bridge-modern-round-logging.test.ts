import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAskRouter } from '../../electron/app/asks/ask-router';
import { WaitingAsks } from '../../electron/app/asks/waiting-asks';
import { loggingServer } from '../fixtures/servers/config';
import { startModernLoggingServer } from '../fixtures/servers/logging-server';
import { mcpHeaders, rawRequest, startBridge, type BridgeHarness } from '../support/bridge-harness';
import { askUrlChecksFor } from '../support/ask-url-checks';
import { envelope, FORMS, messagesOf, MODERN } from '../support/modern-raw';

// Issue #30 items 2 and 4, a held call's log messages (MCP 2026-07-28 basic/patterns/mrtr and
// server/utilities/logging §Per-request log level): a 2026-07-28 agent's prompts/get and
// resources/read with `io.modelcontextprotocol/logLevel` in `_meta`, whose service logs, asks a form,
// and logs again once answered. The first leg's message comes on the response that carries the
// `input_required` round, the second leg's on the retry's response with the completed result; none
// below the level. Behind the bridge: our SDK v2 logging server over stdio (2025-11-25: the form
// crosses as `elicitation/create`, both legs are one upstream request) and over HTTP speaking only
// 2026-07-28 (each leg its own upstream request, answered by the pool).
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
const LOG_KEY = 'io.modelcontextprotocol/logLevel';

interface Message {
  method?: string;
  params?: { level?: string; data?: unknown };
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

interface Shape {
  method: 'prompts/get' | 'resources/read';
  request(server: string, tag: string): { params: Record<string, unknown>; name: string };
  answer(result: Record<string, unknown> | undefined): unknown;
  expected(tag: string): string;
}

const SHAPES: Shape[] = [
  {
    method: 'prompts/get',
    request: (server, tag) => ({ params: { name: `${server}__asking`, arguments: { tag } }, name: `${server}__asking` }),
    answer: (result) => (result?.['messages'] as { content?: { text?: string } }[] | undefined)?.[0]?.content?.text,
    expected: (tag) => `asked ${tag}: from the agent`,
  },
  {
    method: 'resources/read',
    request: (_server, tag) => ({ params: { uri: `logs://ask/${tag}` }, name: `logs://ask/${tag}` }),
    answer: (result) => (result?.['contents'] as { text?: string }[] | undefined)?.[0]?.text,
    expected: (tag) => `read ${tag}: from the agent`,
  },
];

const SERVERS = ['logs', 'remote'] as const;

let h: BridgeHarness;
let modern: Awaited<ReturnType<typeof startModernLoggingServer>>;
/** One agent per service: both offer the same resource template. */
const tokens: Record<string, string> = {};
let nextId = 1;
const waiting = new WaitingAsks();

beforeAll(async () => {
  modern = await startModernLoggingServer();
  const router = createAskRouter({ waiting, audit: () => undefined, now: Date.now, urls: askUrlChecksFor('loopback') });
  h = await startBridge({ logs: loggingServer(), remote: { type: 'http', url: modern.url, protocol: MODERN } }, {}, { asks: { router } });
  await Promise.all([h.pool.start('logs'), h.pool.start('remote')]);
  for (const server of SERVERS) tokens[server] = (await h.bridge.agents.add(`held-${server}`, { servers: [server], policy: ALLOW_ALL })).token;
}, 60_000);

afterAll(async () => {
  await h?.close();
  await modern?.close();
});

/** One 2026-07-28 request as raw HTTP, declaring form elicitation and the level: every message of its answer. */
async function ask(server: string, method: Shape['method'], request: { params: Record<string, unknown>; name: string }, level: string): Promise<Message[]> {
  const _meta = { ...envelope(FORMS), [LOG_KEY]: level };
  const headers = mcpHeaders(h.bridge.port, tokens[server] ?? '', { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': method, 'Mcp-Name': request.name });
  const answer = await rawRequest(h.bridge.port, { headers, body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: { ...request.params, _meta } }) });
  expect(answer.status).toBe(200);
  return messagesOf(answer.body) as Message[];
}

const logs = (messages: Message[]): unknown[] => messages.filter((m) => m.method === 'notifications/message').map((m) => [m.params?.level, m.params?.data]);
const resultOf = (messages: Message[]): Message | undefined => messages.find((m) => m.result !== undefined || m.error !== undefined);

describe.each(SHAPES)("a 2026-07-28 agent's held $method with a log level", (shape) => {
  it.each(SERVERS)('from %s: each leg\'s message on its own response, and the round completes', async (server) => {
    const tag = `${server}-${shape.method.split('/')[0] ?? ''}`;
    const first = await ask(server, shape.method, shape.request(server, tag), 'info');
    const round = resultOf(first);
    expect(round?.error).toBeUndefined();
    expect(round?.result).toMatchObject({ resultType: 'input_required' });
    const requests = Object.entries(round?.result?.['inputRequests'] as Record<string, { method: string }>);
    expect(requests.map(([, r]) => r.method)).toEqual(['elicitation/create']);
    expect(logs(first)).toEqual([['warning', `${tag} leg 1`]]);

    const retry = { ...shape.request(server, tag) };
    retry.params = { ...retry.params, inputResponses: { [requests[0]?.[0] ?? '']: { action: 'accept', content: { context: 'from the agent' } } }, requestState: round?.result?.['requestState'] };
    const second = await ask(server, shape.method, retry, 'info');
    const done = resultOf(second);
    expect(done?.error).toBeUndefined();
    expect(shape.answer(done?.result)).toBe(shape.expected(tag));
    expect(logs(second)).toEqual([['warning', `${tag} leg 2`]]);
  }, 30_000);

  it.each(SERVERS)('from %s: a level above the messages\' gets none on either response, and the round completes', async (server) => {
    const tag = `${server}-quiet-${shape.method.split('/')[0] ?? ''}`;
    const first = await ask(server, shape.method, shape.request(server, tag), 'error');
    const round = resultOf(first);
    expect(round?.result).toMatchObject({ resultType: 'input_required' });
    const [key] = Object.keys(round?.result?.['inputRequests'] as Record<string, unknown>);
    const retry = { ...shape.request(server, tag) };
    retry.params = { ...retry.params, inputResponses: { [key ?? '']: { action: 'accept', content: { context: 'from the agent' } } }, requestState: round?.result?.['requestState'] };
    const second = await ask(server, shape.method, retry, 'error');
    expect(shape.answer(resultOf(second)?.result)).toBe(shape.expected(tag));
    expect([...logs(first), ...logs(second)]).toEqual([]);
  }, 30_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { INVALID_ANSWER_TEXT } from '../../electron/pool/invalid-answer';
import { startBothAnswerServer } from '../fixtures/servers/both-answer-http-server';
import { faultServer } from '../fixtures/servers/config';
import { rejection } from '../support/rejection';
import { tempDir, textOf } from '../support/server-harness';

// An answer with both `result` and `error` (JSON-RPC 2.0 §5) fails its call at once over HTTP, in a
// JSON body or an SSE stream, in either era, with the error a stdio server's such answer gets.
let server: Awaited<ReturnType<typeof startBothAnswerServer>>;
let pool: Pool;

beforeAll(async () => {
  server = await startBothAnswerServer();
  pool = createPool({ cacheDir: tempDir('pool-http-both-'), log: () => undefined });
  await pool.apply({
    mcpServers: {
      f: faultServer(),
      legacy: { type: 'http', url: server.url, protocol: '2025-11-25' },
      modern: { type: 'http', url: server.url, protocol: '2026-07-28' },
    },
  });
}, 60_000);

afterAll(async () => {
  await pool?.close();
  await server?.close();
});

describe('pool: an HTTP server that answers a call with both result and error', () => {
  it.each([
    ['legacy', 'both_json'],
    ['legacy', 'both_sse'],
    ['modern', 'both_json'],
    ['modern', 'both_sse'],
  ])('%s era, %s: fails at once, as the stdio server\'s answer does, and the server serves on', async (name, tool) => {
    const stdio = await rejection(pool.callTool('f', 'badAnswer', { kind: 'both' }, { timeoutMs: 120_000 }));
    expect(stdio.message).toContain(INVALID_ANSWER_TEXT);
    const error = await rejection(pool.callTool(name, tool, {}, { timeoutMs: 120_000 }));
    expect({ code: error.code, message: error.message }).toEqual({ code: stdio.code, message: stdio.message.replaceAll('"f"', `"${name}"`).replaceAll('"badAnswer"', `"${tool}"`) });
    expect(textOf(await pool.callTool(name, 'fine', {}))).toBe('fine');
  }, 30_000);
});

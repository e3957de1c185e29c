import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { INVALID_ANSWER_TEXT, NOT_JSONRPC_TEXT, STRING_ID_TEXT } from '../../electron/pool/invalid-answer';
import { FAULTS, startBothAnswerServer, type Fault } from '../fixtures/servers/both-answer-http-server';
import { faultServer } from '../fixtures/servers/config';
import { rejection } from '../support/rejection';
import { tempDir, textOf } from '../support/server-harness';

// A wrong answer (JSON-RPC 2.0 §5) fails its call at once over HTTP, in a JSON body or an SSE stream,
// in either era, with the error a stdio server's such answer gets: both `result` and `error`, the
// same with the key written `"\u0065rror"`, an error code of 1.5, the request's id as a string, no `"jsonrpc": "2.0"`.
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

/** The stdio server's answer of the same fault, and what its call's error says. */
const STDIO_TWIN: Record<Fault, [string, string]> = {
  both: ['both', INVALID_ANSWER_TEXT],
  escaped: ['both', INVALID_ANSWER_TEXT],
  float_code: ['both', INVALID_ANSWER_TEXT],
  string_id: ['stringId', STRING_ID_TEXT],
  no_jsonrpc: ['noJsonrpc', NOT_JSONRPC_TEXT],
};

const cases = ['legacy', 'modern'].flatMap((era) => FAULTS.flatMap((fault) => [[era, fault, 'json'] as const, [era, fault, 'sse'] as const]));

describe('pool: an HTTP server that answers a call wrongly', () => {
  it.each(cases)('%s era, %s as %s: fails at once, as the stdio server\'s answer does, and the server serves on', async (name, fault, form) => {
    const [kind, text] = STDIO_TWIN[fault];
    const stdio = await rejection(pool.callTool('f', 'badAnswer', { kind }, { timeoutMs: 120_000 }));
    expect(stdio.message).toContain(text);
    const tool = `${fault}_${form}`;
    const error = await rejection(pool.callTool(name, tool, {}, { timeoutMs: 120_000 }));
    expect({ code: error.code, message: error.message }).toEqual({ code: stdio.code, message: stdio.message.replaceAll('"f"', `"${name}"`).replaceAll('"badAnswer"', `"${tool}"`) });
    expect(textOf(await pool.callTool(name, 'fine', {}))).toBe('fine');
  }, 30_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { STRING_ID_TEXT } from '../../electron/pool/invalid-answer';
import { startOtherIdHttpServer } from '../fixtures/servers/other-id-http-server';
import { rejection } from '../support/rejection';
import { tempDir, textOf, waitFor } from '../support/server-harness';

// An answer whose id is a waiting call's as a string ("7" for 7; JSON-RPC 2.0 §5: the same value and
// type) fails that call at once, wherever it comes: the standalone GET stream, or another call's POST
// stream; the SDK alone would take it for the call's answer (its `Number(id)`).
let server: Awaited<ReturnType<typeof startOtherIdHttpServer>>;
let pool: Pool;

beforeAll(async () => {
  server = await startOtherIdHttpServer();
  pool = createPool({ cacheDir: tempDir('pool-http-other-id-'), log: () => undefined });
  await pool.apply({ mcpServers: { h: { type: 'http', url: server.url, protocol: '2025-11-25' } } });
  await pool.start('h');
  await waitFor('the GET stream', () => server.gets() > 0);
}, 60_000);

afterAll(async () => {
  await pool?.close();
  await server?.close();
});

describe('pool: an answer with a waiting call\'s id as a string, on another stream than the call\'s', () => {
  it.each(['get', 'post'])('on the %s stream: the waiting call fails at once, saying so, and the server serves on', async (place) => {
    const waiting = rejection(pool.callTool('h', 'wait', {}, { timeoutMs: 120_000 }));
    await waitFor('the call to wait', () => server.waiting() === 1);
    const other = `answer_on_${place}`;
    expect(textOf(await pool.callTool('h', other, {}))).toBe(other);
    const error = await waiting;
    expect(error.code).not.toBe('timeout');
    expect(error.message).toContain(STRING_ID_TEXT);
    expect(error.message).toContain('"h"');
    expect(pool.status('h').state).toBe('ready');
  }, 30_000);
});

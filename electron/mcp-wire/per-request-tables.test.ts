import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, Server } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { IdTable } from '../../shared/collections';
import { useIdTables } from './per-request-tables';

async function pair(): Promise<{ client: Client; server: Server; release: () => void; started: Promise<void> }> {
  let release = (): void => undefined;
  let start = (): void => undefined;
  const started = new Promise<void>((resolve) => (start = resolve));
  const gate = new Promise<void>((resolve) => (release = resolve));
  const server = new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', () => ({ tools: [{ name: 'slow', inputSchema: { type: 'object' as const } }] }));
  server.setRequestHandler('tools/call', async () => {
    start();
    await gate;
    return { content: [{ type: 'text' as const, text: 'done' }] };
  });
  const client = new Client({ name: 'c', version: '1' });
  expect(useIdTables(client)).toBe(4);
  expect(useIdTables(server)).toBe(4);
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(b), client.connect(a)]);
  return { client, server, release, started };
}

describe('useIdTables: the SDK v2 Protocol with IdTables for its requests in flight', () => {
  it('answers, times out and cancels as before, and leaves nothing behind', async () => {
    const { client, release } = await pair();
    const tables = client as unknown as Record<'_responseHandlers' | '_timeoutInfo' | '_progressHandlers', IdTable<object>>;
    expect(tables._responseHandlers).toBeInstanceOf(IdTable);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['slow']);
    await expect(client.callTool({ name: 'slow', arguments: {} }, { timeout: 20 })).rejects.toThrow(/timed out/i);
    const abort = new AbortController();
    const cancelled = client.callTool({ name: 'slow', arguments: {} }, { signal: abort.signal, onprogress: () => undefined });
    abort.abort('no longer needed');
    await expect(cancelled).rejects.toThrow();
    const answered = client.callTool({ name: 'slow', arguments: {} });
    release();
    expect(await answered).toMatchObject({ content: [{ text: 'done' }] });
    expect([tables._responseHandlers.size, tables._timeoutInfo.size, tables._progressHandlers.size]).toEqual([0, 0, 0]);
    await client.close();
  });

  it('fails the requests in flight when the connection closes', async () => {
    const { client, server, started } = await pair();
    const pending = client.callTool({ name: 'slow', arguments: {} });
    await started;
    await server.close();
    await expect(pending).rejects.toThrow(/closed/i);
  });

  it('leaves a table that is not an empty Map as it is', () => {
    const busy = { _responseHandlers: new Map([[1, () => undefined]]), _timeoutInfo: {}, _progressHandlers: new Map() };
    expect(useIdTables(busy)).toBe(1);
    expect(busy._responseHandlers).toBeInstanceOf(Map);
    expect(busy._progressHandlers).toBeInstanceOf(IdTable);
  });
});

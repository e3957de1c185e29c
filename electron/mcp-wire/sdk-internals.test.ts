import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { InMemoryTransport as InMemoryTransportV2, Server as ServerV2 } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { clientParts, directDelivery, errorReporter, hasTaskStore, requestHandlers, runningRequests, SDK_PRIVATE_MEMBERS, useIdTables } from '.';

/**
 * The contract with the SDK's internals (issue #30): each private member the seam reads is there,
 * of the kind the seam expects, on the SDK installed now. An SDK that renames or drops one fails
 * here, naming it, instead of silently sending every call down the slow path (or worse).
 */
describe('the SDK internals the seam relies on', () => {
  const server = () => {
    const s = new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } });
    s.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [] }));
    return s;
  };

  it('a Server (Protocol): its handler table, requests in flight, error report, task store and message entries', () => {
    const s = server();
    const handlers = requestHandlers(s);
    expect(handlers?.has('tools/list')).toBe(true);
    expect(handlers?.has('initialize')).toBe(true);
    expect(runningRequests(s)).toBeInstanceOf(Map);
    const seen: Error[] = [];
    s.onerror = (error) => seen.push(error);
    errorReporter(s)?.(new Error('reported'));
    expect(seen.map((e) => e.message)).toEqual(['reported']);
    expect(hasTaskStore(s)).toBe(false);
    expect(directDelivery(s)).toBeTypeOf('function');
    // Four per-request tables, each an empty Map before the first request.
    expect(useIdTables(server())).toBe(4);
  });

  it("an SDK v2 Client (the pool's): its next request id, taken so the SDK never hands it out again", async () => {
    const client = new ClientV2({ name: 'c', version: '1' });
    const parts = clientParts(client);
    expect(parts).toBeDefined();
    const [a, b] = InMemoryTransportV2.createLinkedPair();
    const ids: unknown[] = [];
    const s = new ServerV2({ name: 's', version: '1' }, { capabilities: { tools: {} } });
    s.setRequestHandler('tools/list', () => ({ tools: [] }));
    await s.connect(b);
    const onmessage = b.onmessage;
    b.onmessage = (message, extra) => {
      if ('id' in message && 'method' in message) ids.push(message.id);
      onmessage?.(message, extra);
    };
    await client.connect(a);
    const taken = parts?.takeRequestId() ?? -1;
    await client.listTools();
    expect(ids.at(-1)).toBe(taken + 1);
    expect(ids).not.toContain(taken);
    await client.close();
  });

  it('names every member the seam reads', () => {
    expect(SDK_PRIVATE_MEMBERS.every((name) => name.startsWith('_'))).toBe(true);
    expect(new Set(SDK_PRIVATE_MEMBERS).size).toBe(SDK_PRIVATE_MEMBERS.length);
  });
});

import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, type JSONRPCMessage } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { refuseStringIds, useIdTables } from '.';

const REFUSED = 'the id came back as a string';

/** A client connected to a hand-written 2025-11-25 server that answers `ping` with the request's id as `idOf` writes it. */
async function connected(refuse: boolean, idOf: (id: number) => unknown) {
  const client = new Client({ name: 'c', version: '1' });
  useIdTables(client);
  if (refuse) expect(refuseStringIds(client, (id) => ({ jsonrpc: '2.0', id, error: { code: -32603, message: REFUSED } }))).toBe(true);
  const [ours, theirs] = InMemoryTransport.createLinkedPair();
  theirs.onmessage = (message: JSONRPCMessage) => {
    if (!('method' in message) || !('id' in message)) return;
    const { id, method } = message;
    if (method === 'initialize') {
      const result = { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } };
      void theirs.send({ jsonrpc: '2.0', id, result });
    } else if (method === 'ping') void theirs.send({ jsonrpc: '2.0', id: idOf(Number(id)), result: {} } as JSONRPCMessage);
  };
  await theirs.start();
  await client.connect(ours);
  return client;
}

describe('refuseStringIds: SDK v2 Protocol `_onresponse` and `_responseHandlers`', () => {
  it('the SDK alone takes a waiting request\'s id written as a string for it (Number(id))', async () => {
    const client = await connected(false, (id) => ` ${id}`);
    await expect(client.ping()).resolves.toEqual({});
    await client.close();
  });

  it('fails the request such an answer names, with the answer refused gives', async () => {
    for (const idOf of [(id: number) => String(id), (id: number) => `0${id}`, (id: number) => ` ${id}`]) {
      const client = await connected(true, idOf);
      await expect(client.ping()).rejects.toThrow(REFUSED);
      await client.close();
    }
  });

  it('passes an answer with the request\'s own id, and a string id no request waits for as it came', async () => {
    const client = await connected(true, (id) => id);
    await expect(client.ping()).resolves.toEqual({});
    const errors: string[] = [];
    client.onerror = (error) => errors.push(error.message);
    const transport = client.transport;
    transport?.onmessage?.({ jsonrpc: '2.0', id: 'listen:0', result: {} });
    transport?.onmessage?.({ jsonrpc: '2.0', id: '99', result: {} });
    expect(errors).toEqual([
      'Received a response for an unknown message ID: {"jsonrpc":"2.0","id":"listen:0","result":{}}',
      'Received a response for an unknown message ID: {"jsonrpc":"2.0","id":"99","result":{}}',
    ]);
    await client.close();
  });
});

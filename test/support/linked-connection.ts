import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, type McpServer } from '@modelcontextprotocol/server';
import { ResourceSubscriber } from '../../electron/pool/resource-subscriber';
import type { Connection, ConnectRequest } from '../../electron/pool';

/**
 * A pool connection to `server` over an in-memory transport: no process, no network. `parts` replaces
 * what a test needs changed, given the connected client.
 */
export async function linkedConnection(
  server: McpServer,
  request: ConnectRequest,
  parts: (client: Client) => Partial<Connection> = () => ({}),
): Promise<Connection> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'pool-test', version: '1' }, { capabilities: {} });
  await client.connect(clientSide, { timeout: request.startupTimeoutMs, signal: request.signal });
  return {
    client,
    pid: undefined,
    ended: () => undefined,
    close: async () => {
      await client.close();
      await server.close();
    },
    protocol: client.getNegotiatedProtocolVersion(),
    subscriptions: new ResourceSubscriber(client, () => undefined),
    sessionExpired: () => false,
    streamOpened: () => false,
    ...parts(client),
  };
}

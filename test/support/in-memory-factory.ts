import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { ConnectionFactory, ConnectRequest } from '../../electron/pool';
import { linkedConnection } from './linked-connection';

/** A factory that opens an in-process SDK server over an in-memory transport: no process, no network. */
export function inMemoryFactory(holdListing?: Promise<void>): { connect: ConnectionFactory; requests: ConnectRequest[]; closed: () => number; listing: () => boolean } {
  let listing = false;
  const requests: ConnectRequest[] = [];
  let closed = 0;
  const connect: ConnectionFactory = async (request) => {
    requests.push(request);
    const server = new McpServer({ name: 'in-memory', version: '1' });
    server.registerTool('echo', { description: 'says it back', inputSchema: z.object({ text: z.string() }) }, ({ text }) => ({
      content: [{ type: 'text', text: `echo: ${text}` }],
    }));
    return linkedConnection(server, request, (client) => {
      client.onclose = () => request.onClosed();
      if (holdListing) {
        // The pool walks the listing's pages itself (fetch-inventory.ts), each a tools/list request.
        // Only the first is held: the start's own listing; a refresh asked meanwhile goes through.
        const send = client.request.bind(client) as (...args: unknown[]) => Promise<unknown>;
        const held = async (...args: unknown[]): Promise<unknown> => {
          if ((args[0] as { method?: string }).method === 'tools/list' && !listing) {
            listing = true;
            await holdListing;
          }
          return send(...args);
        };
        client.request = held;
      }
      return {
        close: async () => {
          closed++;
          await client.close();
          await server.close();
        },
      };
    });
  };
  return { connect, requests, closed: () => closed, listing: () => listing };
}


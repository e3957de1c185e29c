import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { runCli } from './cli';
import { confirmAsPerson, type Served } from './serve';

/** As bridge-harness's AgentClient, with its token; `close` may be taken apart from it. */
export interface ServedAgent {
  /** The agent's bridge token, as `agents add --json` gave it once confirmed. */
  token: string;
  client: Client;
  transport: StreamableHTTPClientTransport;
  /** Ends the MCP session (DELETE) and closes the client. */
  close: () => Promise<void>;
}

/**
 * An agent opened through a running `serve` as a person and a client do it: `agents add NAME ARGS
 * --json` from the command line (a widening: it waits, and is confirmed as the person), then an
 * unmodified SDK client on serve's bridge configured with its token in a header.
 */
export async function agentThroughServe(served: Served, name: string, args: readonly string[]): Promise<ServedAgent> {
  if (served.bridge === null) throw new Error('serve runs no bridge');
  const { token } = (await confirmAsPerson(served, await runCli(served.home, ['agents', 'add', name, ...args, '--json']))) as { token: string };
  const transport = new StreamableHTTPClientTransport(new URL(served.bridge), { requestInit: { headers: { authorization: `Bearer ${token}` } } });
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  return {
    token,
    client,
    transport,
    close: async () => {
      await transport.terminateSession().catch(() => undefined);
      await client.close();
    },
  };
}

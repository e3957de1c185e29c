/** The SDK's HTTP client against the bridge, and many agent sessions at once (the bridge benchmark's context figures). */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

function firstText(result: Record<string, unknown>): string | undefined {
  const content = result['content'];
  const first = Array.isArray(content) ? (content[0] as { text?: unknown } | undefined) : undefined;
  return typeof first?.text === 'string' ? first.text : undefined;
}

export function httpClient(url: string, token: string): { client: Client; transport: StreamableHTTPClientTransport } {
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  return { client: new Client({ name: 'bench', version: '1' }), transport };
}

export async function sessions(url: string, token: string, count: number): Promise<{ errors: number; firstError: string; ms: number }> {
  let errors = 0;
  let firstError = '';
  const clients = Array.from({ length: count }, () => httpClient(url, token));
  const t0 = performance.now();
  await Promise.all(
    clients.map(async ({ client, transport }, i) => {
      try {
        await client.connect(transport);
        const { tools } = await client.listTools();
        if (!tools.some((t) => t.name === 'everything__echo')) throw new Error('echo missing');
        for (let k = 0; k < 10; k++) {
          const text = firstText(await client.callTool({ name: 'everything__echo', arguments: { message: `s${i}-${k}` } }));
          if (text !== `Echo: s${i}-${k}`) throw new Error(`session ${i} got ${String(text)}`);
        }
      } catch (error) {
        errors++;
        firstError ||= error instanceof Error ? error.message : String(error);
      }
    }),
  );
  const ms = performance.now() - t0;
  await Promise.all(clients.map(async ({ client, transport }) => {
    await transport.terminateSession().catch(() => undefined);
    await client.close().catch(() => undefined);
  }));
  return { errors, firstError, ms };
}

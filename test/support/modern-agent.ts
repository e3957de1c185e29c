import { Client, StreamableHTTPClientTransport, type ClientOptions, type VersionNegotiationMode } from '@modelcontextprotocol/client';

export interface ModernAgent {
  client: Client;
  /** Every HTTP status the bridge answered this client with. */
  statuses: number[];
  close(): Promise<void>;
}

function modernClient(url: string, token: string, mode: VersionNegotiationMode, options: ClientOptions, statuses: number[]): { client: Client; transport: StreamableHTTPClientTransport } {
  const counted: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    statuses.push(response.status);
    return response;
  };
  const transport = new StreamableHTTPClientTransport(new URL(url), { fetch: counted, requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  return { client: new Client({ name: 'modern-agent', version: '1.0.0' }, { ...options, versionNegotiation: { mode } }), transport };
}

/** An unmodified SDK v2 client (2026-07-28 when the mode allows it), authenticated with the agent's token. */
export async function connectModernAgent(url: string, token: string, mode: VersionNegotiationMode = { pin: '2026-07-28' }, options: ClientOptions = {}): Promise<ModernAgent> {
  const statuses: number[] = [];
  const { client, transport } = modernClient(url, token, mode, options, statuses);
  await client.connect(transport);
  return { client, statuses, close: () => client.close() };
}

/** One SDK v2 client's connect and listing in `mode`: what it settled on (or its error) and every HTTP status it saw. */
export async function probeWith(url: string, token: string, mode: VersionNegotiationMode): Promise<{ statuses: number[]; version?: string; error?: string }> {
  const statuses: number[] = [];
  const { client, transport } = modernClient(url, token, mode, {}, statuses);
  try {
    await client.connect(transport);
    const version = client.getNegotiatedProtocolVersion();
    await client.listTools();
    return { statuses, ...(version === undefined ? {} : { version }) };
  } catch (error) {
    return { statuses, error: error instanceof Error ? error.message : String(error) };
  } finally {
    await client.close().catch(() => undefined);
  }
}

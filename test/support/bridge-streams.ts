import { INITIALIZE, mcpHeaders, rawRequest } from './bridge-harness';
import { openStream } from './held-connections';

/** A legacy session's GET stream held open, or the status and body that refused it. */
export type HeldStream = { status: 200; session: string; close: () => Promise<void> } | { status: number; body: string };

/** Opens a legacy session for the token and holds its GET stream: one connection the bridge serves until closed. */
export async function holdSessionStream(port: number, token: string): Promise<HeldStream> {
  const init = await rawRequest(port, { headers: mcpHeaders(port, token), body: INITIALIZE });
  if (init.status !== 200) return { status: init.status, body: init.body };
  const session = String(init.headers['mcp-session-id']);
  const stream = await openStream(port, '/mcp', mcpHeaders(port, token, { 'Mcp-Session-Id': session, Accept: 'text/event-stream' }));
  if (stream.status !== 200) await stream.close();
  return stream.status === 200 ? { status: 200, session, close: stream.close } : { status: stream.status, body: '' };
}

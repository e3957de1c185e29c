import { request, type ClientRequest } from 'node:http';
import { mcpHeaders, rawRequest } from './bridge-harness';

/** The 2025-era revision raw sessions speak. */
export const LEGACY = '2025-11-25';

/** A raw 2025-11-25 session for `token`, initialized: the headers its requests carry. */
export async function rawSession(port: number, token: string): Promise<Record<string, string>> {
  const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
  const opened = await rawRequest(port, { headers: mcpHeaders(port, token), body: init });
  const id = opened.headers['mcp-session-id'];
  if (opened.status !== 200 || typeof id !== 'string') throw new Error(`initialize failed: ${opened.status} ${opened.body}`);
  const headers = mcpHeaders(port, token, { 'Mcp-Session-Id': id, 'Mcp-Protocol-Version': LEGACY });
  const initialized = await rawRequest(port, { headers, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });
  if (initialized.status !== 202) throw new Error(`notifications/initialized answered ${initialized.status}`);
  return headers;
}

/** A POST of one message left open: its request (destroy it to close the socket) and its whole answer once it ends. */
export function openPost(port: number, headers: Record<string, string>, body: unknown): { req: ClientRequest; answer: Promise<{ status: number; body: string }> } {
  const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/mcp', headers, agent: false });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  // A test that destroys the request reads no answer: its rejection is not one to report.
  answer.catch(() => undefined);
  req.end(JSON.stringify(body));
  return { req, answer };
}

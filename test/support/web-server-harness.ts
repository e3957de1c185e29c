import { request } from 'node:http';
import { API_METHODS, type AppApi, type ApiEvent, type ApiEventPayload } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import type { EventHub } from '../../electron/app';

/** Requests to the web server (electron/web) as a browser or the command line sends them, and a small App API behind it. */
export function errorOf(reply: Reply): { code: string; message: string } {
  return (JSON.parse(reply.body) as { error: { code: string; message: string } }).error;
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Every Set-Cookie header any response of this file carried: there must be none. */
export const cookiesSet: string[] = [];
/** Every CORS header any response of this file carried: there must be none (no page of another origin may read us). */
export const corsHeaders: string[] = [];

export function send(port: number, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: { host: `127.0.0.1:${port}`, ...options.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      const setCookie = res.headers['set-cookie'];
      if (setCookie) cookiesSet.push(...setCookie);
      for (const name of Object.keys(res.headers)) if (name.startsWith('access-control-')) corsHeaders.push(`${path}: ${name}`);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** Trades a sign-in link for a session secret, as the page does. */
export async function signIn(port: number, link: string): Promise<string> {
  const reply = await send(port, '/api/session', { method: 'POST', headers: { 'content-type': 'application/json', connection: 'close' }, body: JSON.stringify({ link }) });
  if (reply.status !== 200) throw new Error(`sign-in refused: ${reply.body}`);
  return (JSON.parse(reply.body) as { session: string }).session;
}

export function fakeApi(events: EventHub): AppApi {
  const notUsed = () => Promise.reject(new CodedError('internal', 'not used in this test'));
  const methods = Object.fromEntries(Object.keys(API_METHODS).map((m) => [m, notUsed])) as unknown as Omit<AppApi, 'on'>;
  return {
    ...methods,
    status: () =>
      Promise.resolve({
        version: 't',
        dataDir: '/d',
        configFile: '/d/mcp.json',
        configIssues: [],
        servers: [],
        vault: { fileExists: false, provider: 'memory', providerLabel: 'memory', persistent: false, safety: 'memory-only' as const, state: 'ready' as const, message: '', entryCount: 0, corruptFiles: [] },
      }),
    stopServer: () => Promise.reject(new CodedError('not_found', 'No server named "x" is configured')),
    listTools: () => Promise.resolve([]),
    on: <E extends ApiEvent>(event: E, listener: (payload: ApiEventPayload<E>) => void) => events.on(event, listener),
  };
}


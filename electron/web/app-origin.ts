import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { appCsp, appPermissionsPolicy, type AppShelf } from '../mcp-apps';
import { guardConnections, hasSeveralHosts, isOwnHost, LOOPBACK_TIMEOUTS, MAX_LOOPBACK_CONNECTIONS, targetPath } from '../net';

export interface AppOriginOptions {
  shelf: AppShelf;
  /** The origins whose pages may frame an app: the UI's own (frame-ancestors). */
  ancestors: () => readonly string[];
  /** 0 picks a free port. */
  port?: number;
  /** Default MAX_LOOPBACK_CONNECTIONS. */
  maxConnections?: number;
}

export interface AppOrigin {
  /** Where apps are served: a port of its own, so never the UI's origin, and sandboxed besides. */
  readonly origin: string;
  /** The address of an opened app's document. */
  addressOf(id: string): string;
  close(): Promise<void>;
}

const ID = /^\/app\/([A-Za-z0-9_-]{43})$/;

function refuse(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
  response.end(text);
}

/**
 * The origin MCP Apps run on (SEP-1865 §security: never the host's origin). It serves only documents
 * the shelf holds, by their unguessable ids, each with its own CSP (which sandboxes it as well) and a
 * Permissions-Policy of what the person granted; nothing else, and nothing to a request that is not a
 * frame's, so an app's address opened as a page is refused.
 */
export async function startAppOrigin(options: AppOriginOptions): Promise<AppOrigin> {
  let port = options.port ?? 0;
  const sockets = new Set<Socket>();

  function handle(request: IncomingMessage, response: ServerResponse): void {
    // Its frames load only the address it gives, 127.0.0.1: `localhost` may be another program's [::1].
    if (hasSeveralHosts(request)) return refuse(response, 400, 'More than one Host header');
    if (!isOwnHost(request.headers.host, port)) return refuse(response, 403, 'Host not allowed');
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(response, 405, 'Apps are only read');
    // A browser says what loads a document (Fetch Metadata); only a frame may load an app.
    const dest = request.headers['sec-fetch-dest'];
    if (dest !== undefined && dest !== 'iframe') return refuse(response, 403, 'An app opens only inside Connected Services');
    // Any process here may send a request target that is no URL (`http://[`): a throw here would end the app.
    const match = ID.exec(targetPath(request.url)?.pathname ?? '');
    const document = match?.[1] === undefined ? undefined : options.shelf.get(match[1]);
    if (!document) return refuse(response, 404, 'No such app (it was closed or has expired)');
    // Its unguessable id is its credential: the frame's connection gives way only after every one without.
    guard.trust(request.socket);
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': appCsp(document.declared, options.ancestors()),
      'permissions-policy': appPermissionsPolicy(document.granted),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
      'cross-origin-opener-policy': 'same-origin',
    });
    response.end(request.method === 'HEAD' ? undefined : document.html);
  }

  const server = createServer(LOOPBACK_TIMEOUTS);
  const guard = guardConnections(server, options.maxConnections ?? MAX_LOOPBACK_CONNECTIONS, handle);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1' }, resolve);
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  let closing: Promise<void> | undefined;
  return {
    origin,
    addressOf: (id) => `${origin}/app/${id}`,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      })),
  };
}

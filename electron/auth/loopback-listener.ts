import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { CodedError } from '../../shared/errors';
import { guardConnections, hasSeveralHosts, sameSecret, targetPath } from '../net';
import { CALLBACK_TIMEOUTS, MAX_CALLBACK_CONNECTIONS } from './callback-bounds';
import { CALLBACK_PATH } from './client-identity';

/** The authorization response as it reached the listener, and a way to show the person how it ended. */
export interface CallbackRequest {
  url: URL;
  respond(outcome: { ok: true } | { ok: false; message: string }): void;
}

export interface RedirectListener {
  /** `http://127.0.0.1:<port>/callback` (RFC 8252 §7.3), or `…/callback/` when `slashed`. */
  readonly redirectUri: string;
  /**
   * The first request to the callback path whose `state` is `state` (RFC 6749 §10.12); the listener
   * takes no other afterwards. Others are answered 400 and do not end the wait.
   */
  next(signal: AbortSignal | undefined, timeoutMs: number, state: string): Promise<CallbackRequest>;
  /** Idempotent. */
  close(): Promise<void>;
}

/**
 * `slashed`: the authorization server registered the redirect URI with a slash added at the end of its
 * path (`/callback/`), another URI (RFC 3986 §6.2): the listener answers that path, and only that one.
 */
export type RedirectListenerFactory = (options: { port?: number | undefined; slashed?: boolean | undefined }) => Promise<RedirectListener>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}</style></head>
<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p></body></html>`;
}

/** How long the browser waits for the flow to say how it ended before it is told anyway. */
const RESPOND_WITHIN_MS = 15_000;
/**
 * Callbacks with another `state` answered with a page; past this many, further ones get a bare 429.
 * Either way they never end the wait: only the right answer, the sign-in's timeout or a cancel do,
 * so another process on this computer can neither finish nor cancel the sign-in, nor keep it open
 * longer than its timeout.
 */
export const MAX_STRAY_CALLBACKS = 16;

/**
 * RFC 8252 §7.3 loopback redirect: listens on 127.0.0.1 (an ephemeral port unless one is given), accepts
 * exactly one GET on the callback path carrying the sign-in's `state`, answers it with a page once the
 * flow knows the outcome, then closes. Anything else gets 404 (or 400, another state) and does not end
 * the wait: any process here can reach the port (RFC 8252 §8.3), so its connections and the time a
 * request may take to arrive are bounded (callback-bounds.ts).
 */
export const createLoopbackListener: RedirectListenerFactory = async ({ port, slashed }) => {
  const path = slashed === true ? `${CALLBACK_PATH}/` : CALLBACK_PATH;
  let deliver: ((request: CallbackRequest) => void) | undefined;
  let expected: string | undefined;
  let taken = false;
  let strays = 0;
  /** The connection of the callback taken: the one whose answer close waits for. */
  let answering: Socket | undefined;
  const sockets = new Set<Socket>();
  const server = createServer(CALLBACK_TIMEOUTS);
  guardConnections(server, MAX_CALLBACK_CONNECTIONS, (req: IncomingMessage, res: ServerResponse) => {
    // Any process here may send a request target that is no URL (`http://[`): a throw here would end the app.
    const url = targetPath(req.url);
    if (hasSeveralHosts(req)) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }).end('Bad request: more than one Host header');
      return;
    }
    if (url === null || req.method !== 'GET' || url.pathname !== path || taken || !deliver || expected === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const state = url.searchParams.get('state');
    if (state === null || !sameSecret(state, expected)) {
      strays += 1;
      if (strays > MAX_STRAY_CALLBACKS) {
        res.writeHead(429, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }).end('Too many requests');
        return;
      }
      const html = page('Not this sign-in', 'This answer does not belong to the sign-in in progress, so it was ignored. Finish the sign-in from the page Connected Services opened.');
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', connection: 'close' }).end(html);
      return;
    }
    taken = true;
    answering = req.socket;
    let answered = false;
    const respond = (outcome: { ok: true } | { ok: false; message: string }): void => {
      if (answered) return;
      answered = true;
      clearTimeout(fallback);
      const html = outcome.ok
        ? page('You are signed in', 'Connected Services has what it needs. You can close this tab.')
        : page('Sign-in did not complete', `${outcome.message} You can close this tab and try again from Connected Services.`);
      res.writeHead(outcome.ok ? 200 : 400, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', connection: 'close' });
      res.end(html, () => void close());
    };
    const fallback = setTimeout(() => respond({ ok: false, message: 'The app did not finish in time.' }), RESPOND_WITHIN_MS);
    fallback.unref();
    deliver({ url: new URL(`${url.pathname}${url.search}`, `http://127.0.0.1:${(server.address() as AddressInfo).port}`), respond });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new CodedError('server_unavailable', `Could not listen for the sign-in redirect on 127.0.0.1:${port ?? 0} (${error.code ?? error.message}).`, {
          hint: port === undefined ? 'Try again.' : `Free port ${port}, or remove "callbackPort" from the server's "auth".`,
        }),
      ),
    );
    server.listen(port ?? 0, '127.0.0.1', () => resolve());
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const actualPort = (server.address() as AddressInfo).port;

  let closing: Promise<void> | undefined;
  let abandon: ((error: CodedError) => void) | undefined;
  const close = (): Promise<void> => {
    abandon?.(new CodedError('denied', 'The sign-in was cancelled.'));
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
      // Any process here may hold a request half-sent: the sign-in would wait on it for minutes (node's timeouts).
      for (const socket of sockets) if (socket !== answering) socket.destroy();
    });
    return closing;
  };

  return {
    redirectUri: `http://127.0.0.1:${actualPort}${path}`,
    next: (signal, timeoutMs, state) =>
      new Promise<CallbackRequest>((resolve, reject) => {
        expected = state;
        const settle = (): void => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          abandon = undefined;
        };
        const fail = (error: CodedError): void => {
          settle();
          reject(error);
          void close();
        };
        const timer = setTimeout(
          () => fail(new CodedError('timeout', `No answer from the browser sign-in within ${Math.round(timeoutMs / 1000)} s.`, { hint: 'Run connect again and finish the sign-in in the browser.' })),
          timeoutMs,
        );
        timer.unref();
        const onAbort = (): void => fail(new CodedError('denied', 'The sign-in was cancelled.'));
        abandon = fail;
        if (closing || signal?.aborted) {
          fail(new CodedError('denied', 'The sign-in was cancelled.'));
          return;
        }
        signal?.addEventListener('abort', onAbort, { once: true });
        deliver = (request) => {
          settle();
          resolve(request);
        };
      }),
    close,
  };
};

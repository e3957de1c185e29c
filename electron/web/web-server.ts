import type { CoreEnv } from '../../shared/core-env';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { PERSON_USE_HEADER, type AppApi } from '../../shared/api';
import { CodedError, toCodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { cutText } from '../../shared/text';
import type { ApiDoor, AppsHost, CallerInfo } from '../app';
import { apiRoutes } from './api-routes';
import { startAppOrigin, type AppOrigin } from './app-origin';
import { methodsAt, sendWrongMethod } from './route-methods';
import { guardConnections, hasSeveralHosts, isOtherLoopbackHost, isOwnHost, loopbackOrigins, LOOPBACK_TIMEOUTS, MAX_LOOPBACK_CONNECTIONS, newSessionSecret, presentedSecret, sameSecret, targetPath } from '../net';
import { isOwnOrigin, ownOrigin, redirectToOwnAddress } from './own-address';
import { sendStatic, staticFiles } from './static-files';
import { withIdleLimit } from './page-idle-limit';
import { idleRefusal, MAX_LINK_CHARS, notSignedIn } from './sign-in-words';
import { UiSignIn, type SessionState } from './ui-sign-in';
import { LINK_REQUEST_PATH, LinkRequestRate } from './link-request';
import { signInRoutes } from './sign-in-routes';
import { pageCsp, SECURITY_HEADERS, sendError, sendJson } from './web-responses';

/** The core's `log` (shared/core-env) gets the web server's internal errors, redacted. */
export interface WebServerOptions extends Partial<Pick<CoreEnv, 'log'>> {
  /** Events for the web UI's stream. */
  api: AppApi;
  /** Where calls enter, with the caller the bearer names (the UI's secret: `app`; the CLI's: `cli`). */
  door: ApiDoor;
  /** 0 picks a free port. */
  port: number;
  /** Built renderer files; a missing file answers 404. */
  staticDir: string;
  /** The first sign-in link's one-time secret (only in the printed address); generated when absent. */
  secret?: string;
  /** The command line's credential (for runtime.json, never the UI's); generated when absent. */
  cliSecret?: string;
  /** Opened MCP Apps: served on an origin of their own, framed only by this UI. */
  apps?: AppsHost;
  /** Connections open at once; default MAX_LOOPBACK_CONNECTIONS (electron/net). */
  maxConnections?: number;
  /**
   * Shows a new sign-in address to the person (serve: on its own terminal), asked for with
   * `POST /api/ui-link` (the command line) or `POST /api/ui-link/request` (a signed-out page, rate
   * limited); never answered to the asker, who may be any local process. Absent: refused.
   */
  showLink?: (url: string, askedBy: 'command line' | 'sign-in page') => void;
  /** Told when a tab traded the link for its session (serve notes it: the link now works no more). */
  onSignedIn?: () => void;
  /** The clock of the links' lifetime and the sessions' idle time (tests). */
  now?: () => number;
  /**
   * How long a tab's session lasts without a call; default SESSION_IDLE_MS (ui-sign-in.ts). A
   * function (`settings.uiSessionIdleMs` as the config now says) is asked at each idle check.
   */
  sessionIdleMs?: number | (() => number | undefined);
}

export interface WebServer {
  readonly port: number;
  /**
   * The first sign-in address: a one-time secret rides in the fragment (`/#token=…`), which a
   * browser never sends to any server; the page trades it once for a session secret it keeps in memory.
   */
  readonly url: string;
  readonly origin: string;
  /** The first link's one-time secret: in the address only, never in runtime.json. */
  readonly secret: string;
  /** The command line's credential, written to runtime.json: its calls are the CLI's (`cli`), not the person's. */
  readonly cliSecret: string;
  close(): Promise<void>;
}

/** The process id a command-line call says it comes from: shown on its confirmation, never trusted. */
export const CLI_PID_HEADER = 'x-connected-services-pid';

/** Headless mode: the renderer and the App API over HTTP on 127.0.0.1 only. */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const cliSecret = options.cliSecret ?? newSessionSecret();
  if (options.secret !== undefined && sameSecret(cliSecret, options.secret)) throw new CodedError('internal', 'The UI and the command line need different secrets');
  const linkRate = new LinkRequestRate(options.now);
  const commandLinkRate = new LinkRequestRate(options.now);
  /** Each session's open event streams: they close as it ends. */
  const streams = new Map<string, Set<() => void>>();
  const signIn = new UiSignIn({
    ...(options.secret !== undefined ? { first: options.secret } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.sessionIdleMs !== undefined ? { idleMs: options.sessionIdleMs } : {}),
    onEnded: (session) => {
      for (const close of streams.get(session) ?? []) close();
      streams.delete(session);
    },
  });
  // A tab that only listens makes no call: its stream closes within a minute of its session's end.
  const sweep = setInterval(() => signIn.expire(), 60_000);
  sweep.unref();
  const secret = signIn.firstSecret;
  const { exchangeLink, requestLink } = signInRoutes({ signIn, linkRate, origin: () => origin, showLink: options.showLink, onSignedIn: options.onSignedIn });
  const handleApi = apiRoutes({ api: options.api, door: options.door, signIn, commandLinkRate, origin: () => origin, showLink: options.showLink }, streams);
  let port = options.port;
  const sockets = new Set<Socket>();
  const files = staticFiles(options.staticDir);

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (hasSeveralHosts(request)) {
      sendError(response, new CodedError('invalid_input', 'More than one Host header'));
      return;
    }
    // Another loopback name passes only to be refused by Origin or sent to the own address (own-address.ts).
    if (!isOwnHost(request.headers.host, port) && !isOtherLoopbackHost(request.headers.host, port)) {
      sendError(response, new CodedError('denied', 'Host not allowed'));
      return;
    }
    if (!isOwnOrigin(request.headers.origin, port)) {
      sendError(response, new CodedError('denied', 'Origin not allowed'));
      return;
    }
    const url = targetPath(request.url);
    if (url === null) {
      sendError(response, new CodedError('invalid_input', 'The request target must be a path'));
      return;
    }
    const allowed = await methodsAt(url.pathname, async (path) => (await files.read(path)) !== null);
    // Behind the secret, a wrong method is told only to a caller with one: a 405 would name the paths that exist.
    const secretFirst = url.pathname.startsWith('/api/') && url.pathname !== '/api/session' && url.pathname !== LINK_REQUEST_PATH;
    const wrongMethod = allowed !== undefined && !allowed.includes(request.method ?? '');
    if (wrongMethod && !secretFirst) {
      sendWrongMethod(response, url.pathname, allowed);
      return;
    }
    if (url.pathname === '/health') {
      sendJson(response, 200, { ok: true });
      return;
    }
    if (url.pathname === '/api/session') {
      await exchangeLink(request, response);
      return;
    }
    if (url.pathname === LINK_REQUEST_PATH) {
      await requestLink(request, response);
      return;
    }
    if (url.pathname.startsWith('/api/')) {
      const presented = presentedSecret(request) ?? '';
      // Only a call a person started is use: the page's timers, its reloads on events and the event
      // stream itself would otherwise keep a forgotten tab signed in for ever.
      const from = callerOf(request, presented, url.pathname !== '/api/events' && request.headers[PERSON_USE_HEADER] === '1');
      if (typeof from === 'string') {
        response.setHeader('www-authenticate', 'Bearer realm="connected-services"');
        sendJson(response, 401, { error: from === 'idle' ? idleRefusal(signIn.idleMs) : notSignedIn() });
        return;
      }
      // The UI's (or the command line's) secret: its connection gives way only after every one that showed none.
      guard.trust(request.socket);
      // Only after the secret: a caller without one learns nothing of which names exist (401 for all).
      if (allowed === undefined) {
        sendError(response, new CodedError('not_found', `The App API has no method "${cutText(url.pathname.slice('/api/'.length), 80)}"`));
        return;
      }
      if (wrongMethod) {
        sendWrongMethod(response, url.pathname, allowed);
        return;
      }
      await handleApi(request, response, url.pathname.slice('/api/'.length), from, presented);
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      sendError(response, new CodedError('not_found', 'No such page'));
      return;
    }
    if (redirectToOwnAddress(request, response, url, port, SECURITY_HEADERS)) return;
    const token = url.searchParams.get('token');
    if (url.pathname === '/' && token !== null) {
      // Addresses of the older `/?token=` form still open the UI: the secret moves to the fragment,
      // where the page trades it (once) or, used or out of date, shows the page of a used link.
      response.writeHead(303, { ...SECURITY_HEADERS, location: `/#token=${encodeURIComponent(token.slice(0, MAX_LINK_CHARS))}` });
      response.end();
      return;
    }
    // The page and its assets hold no data, so they need no secret; everything they show comes from /api/.
    const file = await files.read(url.pathname);
    if (!file) {
      sendError(response, new CodedError('not_found', 'No such page'));
      return;
    }
    await sendStatic(response, withIdleLimit(file, signIn.idleMs), { ...SECURITY_HEADERS, 'content-security-policy': pageCsp(appOrigin?.origin) });
  }

  /** Every secret is compared, always, so the time taken says nothing about which one matched. */
  function callerOf(request: IncomingMessage, presented: string, touch: boolean): CallerInfo | Exclude<SessionState, 'live'> {
    const ui = signIn.sessionState(presented, touch);
    const isCli = sameSecret(presented, cliSecret);
    if (ui === 'live') return { caller: 'app' };
    if (!isCli) return ui;
    const pid = Number(request.headers[CLI_PID_HEADER]);
    return { caller: 'cli', ...(Number.isSafeInteger(pid) && pid > 0 ? { pid } : {}) };
  }

  const server = createServer(LOOPBACK_TIMEOUTS);
  const guard = guardConnections(server, options.maxConnections ?? MAX_LOOPBACK_CONNECTIONS, (request, response) => {
    handle(request, response).catch((error: unknown) => {
      const coded = toCodedError(error);
      if (coded.code === 'internal') options.log?.(redact(`web: ${coded.message}`));
      if (!response.headersSent) sendError(response, coded);
      else response.end();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new CodedError('server_unavailable', `Port ${options.port} on 127.0.0.1 is already in use`, {
              hint: 'Is `connected-services serve` already running? Otherwise choose another port with --port',
            })
          : error,
      );
    });
    server.listen({ port: options.port, host: '127.0.0.1' }, resolve);
  });
  port = (server.address() as AddressInfo).port;
  const origin = ownOrigin(port);
  let appOrigin: AppOrigin | undefined;
  if (options.apps) {
    // Framed by the UI's own address only (own-address.ts: a `localhost` page may be another program's); no app may reach any name of it.
    appOrigin = await startAppOrigin({ shelf: options.apps.shelf, ancestors: () => [origin] });
    options.apps.setOrigin(appOrigin.origin, loopbackOrigins(port));
  }

  let closing: Promise<void> | undefined;
  return {
    port,
    origin,
    secret,
    cliSecret,
    url: `${origin}/#token=${secret}`,
    close: () => {
      clearInterval(sweep);
      closing ??= Promise.all([
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          for (const socket of sockets) socket.destroy();
        }),
        appOrigin?.close().finally(() => options.apps?.setOrigin(undefined)),
      ]).then(() => undefined);
      return closing;
    },
  };
}

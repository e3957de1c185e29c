import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppApi } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import { dispatch, type ApiDoor, type CallerInfo } from '../app';
import { EVENT_STREAM_HEADERS, streamEvents } from './event-stream';
import { type LinkRequestRate, tooSoon } from './link-request';
import { readJsonBody } from './read-body';
import { STILL_HERE_PATH } from './route-methods';
import type { UiSignIn } from './ui-sign-in';
import { sendError, sendJson } from './web-responses';

export interface ApiRoutesOptions {
  api: AppApi;
  door: ApiDoor;
  signIn: UiSignIn;
  /** The command line's budget of new sign-in addresses, apart from the page's. */
  commandLinkRate: LinkRequestRate;
  /** The UI's origin, known once the server listens. */
  origin: () => string;
  showLink: ((url: string, askedBy: 'command line' | 'sign-in page') => void) | undefined;
}

/**
 * The App API's doors for a caller that showed a secret (the UI's session or the command line's):
 * `method` is the path after `/api/`. `streams` holds each session's open event streams, closed as it ends.
 */
export function apiRoutes(options: ApiRoutesOptions, streams: Map<string, Set<() => void>>) {
  const { signIn } = options;
  return async (request: IncomingMessage, response: ServerResponse, method: string, from: CallerInfo, presented: string): Promise<void> => {
    if (method === 'sign-out') {
      // The tab's session ends here, not only in the tab: the secret is worth nothing from now on.
      if (from.caller !== 'app') throw new CodedError('invalid_input', 'Only a tab of the web UI signs out: the command line has no session');
      signIn.end(presented);
      sendJson(response, 200, { result: { signedOut: true } });
      return;
    }
    if (`/api/${method}` === STILL_HERE_PATH) {
      // Use was counted before, when the call carried the mark of a person's press; nothing else happens.
      if (from.caller !== 'app') throw new CodedError('invalid_input', 'Only a tab of the web UI says it is still in use: the command line has no session');
      sendJson(response, 200, { result: { stillHere: true, idleMs: signIn.idleMs } });
      return;
    }
    if (method === 'ui-link' && request.method === 'POST') {
      // Shown where the person sees it, never answered: the command line's credential is readable by every local process.
      if (!options.showLink) throw new CodedError('not_found', 'This app shows its UI in its own window: it has no sign-in address', { hint: 'Open the window from the tray or the app menu' });
      // Any local process can read the command line's credential: it gets a budget of its own, apart from the page's.
      const waitMs = options.commandLinkRate.take();
      if (waitMs !== undefined) {
        response.setHeader('retry-after', String(Math.ceil(waitMs / 1000))); // RFC 9110 §10.2.3: seconds
        sendError(response, tooSoon(waitMs));
        return;
      }
      options.showLink(`${options.origin()}/#token=${signIn.issue('command')}`, 'command line');
      sendJson(response, 200, { result: { shown: true } });
      return;
    }
    if (method === 'events') {
      // The event stream is the UI's: the command line has no screen to keep current.
      if (from.caller !== 'app') {
        sendError(response, new CodedError('denied', 'The event stream is for the web UI'));
        return;
      }
      if (request.method === 'HEAD') {
        response.writeHead(200, EVENT_STREAM_HEADERS).end();
        return;
      }
      const open = streams.get(presented) ?? new Set<() => void>();
      streams.set(presented, open);
      const close = streamEvents(options.api, response);
      open.add(close);
      response.on('close', () => open.delete(close));
      return;
    }
    if (request.method !== 'POST') {
      sendError(response, new CodedError('invalid_input', 'App API calls are POST requests'));
      return;
    }
    // A JSON content type cannot be sent cross-site without a preflight, which we never grant.
    if ((request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() !== 'application/json') {
      sendError(response, new CodedError('invalid_input', 'Send the request body as application/json'));
      return;
    }
    const payload = await readJsonBody(request);
    sendJson(response, 200, { result: await dispatch(options.door, method, payload, from) });
  };
}

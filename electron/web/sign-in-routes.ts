import type { IncomingMessage, ServerResponse } from 'node:http';
import { CodedError } from '../../shared/errors';
import { LINK_REQUEST_MAX_BYTES, LinkRequestSchema, type LinkRequestRate, tooSoon } from './link-request';
import { readJsonBody } from './read-body';
import { signInRefusal, SignInRequestSchema } from './sign-in-words';
import type { UiSignIn } from './ui-sign-in';
import { isJsonPost, sendError, sendJson } from './web-responses';

/**
 * What a program that held the UI's port while the app was stopped (a `--port N` kept one) may have
 * left the browser on this origin: cached files, and storage with its Service Workers, wiped as the
 * tab signs in (Clear-Site-Data §3.1). Not "cookies": they are kept per host, not port, so other
 * programs' on 127.0.0.1 would go too, and the UI reads none. Not "executionContexts": it reloads
 * the tab, losing the session it keeps in memory.
 */
export const SIGNED_IN_CLEARS = '"cache", "storage"';

export interface SignInRoutesOptions {
  signIn: UiSignIn;
  linkRate: LinkRequestRate;
  /** The UI's origin, known once the server listens. */
  origin: () => string;
  showLink: ((url: string, askedBy: 'command line' | 'sign-in page') => void) | undefined;
  onSignedIn: (() => void) | undefined;
}

/** The two doors a tab without a session may use: trade a link, or ask for a new one. */
export function signInRoutes(options: SignInRoutesOptions) {
  const { signIn, linkRate } = options;
  return {
    /**
     * The page trades the printed link's secret, once, for a session secret in the response body: the
     * link the browser recorded in its profile is then worth nothing.
     */
    exchangeLink: async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
      if (!isJsonPost(request)) {
        sendError(response, new CodedError('invalid_input', 'Sign in with a JSON POST: {"link": SECRET}'));
        return;
      }
      const body = SignInRequestSchema.safeParse(await readJsonBody(request, 4096));
      const session = body.success ? signIn.exchange(body.data.link) : undefined;
      if (session === undefined) {
        sendJson(response, 401, { error: signInRefusal() });
        return;
      }
      options.onSignedIn?.();
      sendJson(response, 200, { session }, { 'clear-site-data': SIGNED_IN_CLEARS });
    },

    /** A signed-out page asks for a new address in serve's terminal: it needs no secret, so it gets none. */
    requestLink: async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
      if (!isJsonPost(request)) {
        sendError(response, new CodedError('invalid_input', 'Ask with a JSON POST: {}'));
        return;
      }
      if (!LinkRequestSchema.safeParse(await readJsonBody(request, LINK_REQUEST_MAX_BYTES)).success) {
        sendError(response, new CodedError('invalid_input', 'The request for a new sign-in address has no fields: send {}'));
        return;
      }
      if (!options.showLink) throw new CodedError('not_found', 'This app shows its UI in its own window: it has no sign-in address');
      const waitMs = linkRate.take();
      if (waitMs !== undefined) {
        response.setHeader('retry-after', String(Math.ceil(waitMs / 1000))); // RFC 9110 §10.2.3: seconds
        sendError(response, tooSoon(waitMs));
        return;
      }
      options.showLink(`${options.origin()}/#token=${signIn.issue('page')}`, 'sign-in page');
      sendJson(response, 200, { result: { shown: true } });
    },
  };
}

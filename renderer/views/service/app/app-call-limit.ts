import type { ApiInput, ApiOutput } from '../../../../shared/api';
import { CodedError } from '../../../../shared/errors';

/** The App API's `callAppTool`, with a signal the web transport aborts its request on. */
export type AppCallTool = (input: ApiInput<'callAppTool'>, signal?: AbortSignal) => Promise<ApiOutput<'callAppTool'>>;

/**
 * App calls in flight on this page. A write waits for the person in an open request, and a browser
 * keeps six connections per host (the event stream holds one): apps together hold at most `max`, so
 * Allow, Deny, Close and every screen always have one.
 */
export interface PageAppCalls {
  inFlight: number;
  readonly max: number;
}

export const PAGE_APP_CALLS = 2;

export const pageAppCalls = (max = PAGE_APP_CALLS): PageAppCalls => ({ inFlight: 0, max });

/** The page's one count, shared by every open app panel. */
export const THIS_PAGE: PageAppCalls = pageAppCalls();

export interface AppCallLimit {
  call: AppCallTool;
  /** The app is closed: its call's request is aborted and it sends no more. */
  close(): void;
}

/**
 * One app's calls: one at a time (another asked meanwhile is refused at once, as a second address
 * to open is), within the page's bound, and stopped when the app closes.
 */
export function limitAppCalls(send: AppCallTool, page: PageAppCalls = THIS_PAGE): AppCallLimit {
  let busy = false;
  const stop = new AbortController();
  return {
    async call(input) {
      if (stop.signal.aborted) throw new CodedError('not_found', `The app was closed: "${input.tool}" was not sent`);
      if (busy) {
        throw new CodedError('rate_limited', `The app asked for "${input.tool}" while its previous call still waits: not sent`, {
          hint: 'Ask again once the previous call is answered',
        });
      }
      if (page.inFlight >= page.max) {
        throw new CodedError('rate_limited', `Other apps' calls wait for an answer: "${input.tool}" was not sent`, {
          hint: 'Allow or Deny their waiting calls, or Close those apps, then ask again',
        });
      }
      busy = true;
      page.inFlight += 1;
      try {
        return await send(input, stop.signal);
      } finally {
        // Counted until the request has ended (an aborted one ends at once), not when the app goes.
        busy = false;
        page.inFlight -= 1;
      }
    },
    close: () => stop.abort(),
  };
}

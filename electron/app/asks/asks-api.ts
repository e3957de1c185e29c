import type { ApiInput, ApiOutput } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { validateBrowserUrl, type Opener } from '../../auth';
import type { AskUrlChecks } from './ask-reach';
import { lookedUpUrlProblem } from './ask-url';
import type { WaitingAsks } from './waiting-asks';

export type AsksMethods = {
  listAsks: (input: ApiInput<'listAsks'>) => Promise<ApiOutput<'listAsks'>>;
  answerAsk: (input: ApiInput<'answerAsk'>) => Promise<ApiOutput<'answerAsk'>>;
  openAskUrl: (input: ApiInput<'openAskUrl'>) => Promise<ApiOutput<'openAskUrl'>>;
  openLink: (input: ApiInput<'openLink'>) => Promise<ApiOutput<'openLink'>>;
};

export interface AsksApiOptions {
  waiting: WaitingAsks;
  /** The browser opener sign-in uses. */
  opener: Opener;
  /** The asking server's reach and the look-up of the URL's host name (ask-reach.ts): its URL is no closer. */
  urls: AskUrlChecks;
}

/**
 * Servers' requests waiting for the person: list, answer, and open a URL-mode URL (only when the
 * person clicks); and the links the person clicks, opened by the same rule.
 */
export function createAsksApi(options: AsksApiOptions): AsksMethods {
  const { waiting } = options;
  return {
    listAsks: () => Promise.resolve(waiting.list()),
    answerAsk: ({ id, action, content }) => {
      waiting.answer(id, { action, ...(content !== undefined ? { content } : {}) });
      return Promise.resolve({ ok: true as const });
    },
    openAskUrl: async ({ id }) => {
      const ask = waiting.get(id);
      if (!ask || ask.kind !== 'url' || ask.url === undefined) {
        throw new CodedError('not_found', 'no URL request with this id is waiting', { hint: 'it was answered, timed out, or its call ended' });
      }
      // Checked again at the click, as sign-in checks the URLs it opens: the server's reach (where its
      // connection was made) and the URL's host name looked up now (it may point elsewhere than when the request came).
      const reach = await options.urls.reachOf(ask.server);
      const { problem } = await lookedUpUrlProblem(ask.url, reach, options.urls);
      if (problem !== undefined) {
        throw new CodedError('denied', `This address was not opened: ${problem}`, { hint: 'decline the request, or contact the service\'s operator' });
      }
      await options.opener(validateBrowserUrl(ask.url, 'to open', reach).href);
      return { ok: true as const };
    },
    openLink: async ({ url, server, checkOnly }) => {
      // A link no server vouches for (a registry's, the app's own), or of a server not yet connected, is
      // held to public addresses, the narrowest; a server's reach is where its connection was made,
      // never its name resolved now (ask-reach.ts). The browser looks the link's name up again itself:
      // a name rebound after this check is not caught.
      const reach = server === undefined ? 'public' : await options.urls.reachOf(server).catch(() => 'public' as const);
      const { problem } = await lookedUpUrlProblem(url, reach, options.urls);
      if (problem !== undefined) {
        throw new CodedError('denied', `This link was not opened: ${problem}`, { hint: 'Copy it only if you trust where it leads.' });
      }
      if (checkOnly !== true) await options.opener(validateBrowserUrl(url, 'to open', reach).href);
      return { ok: true as const };
    },
  };
}

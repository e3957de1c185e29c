import { serverContentHref, shownLine } from '../../../lib';

/** An address an open app asks to have opened, waiting for the person's Open or Don't open. */
export interface LinkAsk {
  url: string;
  answer: (opened: boolean) => void;
}

const MAX_URL = 4096;

/**
 * The host's side of an app's `ui/open-link` (SEP-1865): never opened on the app's word. An address
 * that is not https to a public-looking name is refused at once (as a server's link is shown as
 * text), and one of an internationalized name, as the core would refuse it; any other waits for the person, one at a time (one asked while another waits is refused),
 * and then for the core's check of its host name. Resolves whether it was opened.
 */
export function appLinkRequests(show: (ask: LinkAsk | null) => void, note: (text: string) => void): (url: string) => Promise<boolean> {
  let waiting: LinkAsk | null = null;
  return (url) =>
    new Promise<boolean>((resolve) => {
      const shown = shownLine(url.length > 200 ? `${url.slice(0, 200)}…` : url);
      if (url.length > MAX_URL || serverContentHref(url) === undefined) {
        note(`The app asked to open ${shown}. It was not opened: an app may open only https addresses with a public host name; if you need that page, open it in your browser yourself.`);
        resolve(false);
        return;
      }
      const href = serverContentHref(url) ?? '';
      // As the core refuses it on Open: asking the person about a look-alike of a known name (`exаmple.com`) has only one answer.
      if (new URL(href).hostname.split('.').some((label) => label.startsWith('xn--'))) {
        note(
          `The app asked to open ${shownLine(href.length > 200 ? `${href.slice(0, 200)}…` : href)}. It was not opened: its host name is internationalized and may imitate another; if you expected it, check the name before opening it yourself.`,
        );
        resolve(false);
        return;
      }
      if (waiting !== null) {
        note(`The app asked to open ${shown} while another address waited for your answer. It was not opened: answer the waiting one; the app may ask again.`);
        resolve(false);
        return;
      }
      const ask: LinkAsk = {
        url,
        answer: (opened) => {
          if (waiting !== ask) return;
          waiting = null;
          show(null);
          resolve(opened);
        },
      };
      waiting = ask;
      show(ask);
    });
}

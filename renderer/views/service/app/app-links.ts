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
 * text); any other waits for the person, one at a time (one asked while another waits is refused),
 * and then for the core's check of its host name. Resolves whether it was opened.
 */
export function appLinkRequests(show: (ask: LinkAsk | null) => void, note: (text: string) => void): (url: string) => Promise<boolean> {
  let waiting: LinkAsk | null = null;
  return (url) =>
    new Promise<boolean>((resolve) => {
      const shown = shownLine(url.length > 200 ? `${url.slice(0, 200)}…` : url);
      if (url.length > MAX_URL || serverContentHref(url) === undefined) {
        note(`asked to open ${shown}: not opened, only https addresses of public names are`);
        resolve(false);
        return;
      }
      if (waiting !== null) {
        note(`asked to open ${shown} while another address waits: not opened`);
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

import type { Reach } from '../net';
import { validateBrowserUrl } from './url-safety';

/**
 * An authorization server's `error_uri` (RFC 6749 §4.1.2.1, §5.2: a page for a person, about the
 * error) as it may be shown: the URL check of every address handed to a browser (https:, or http:
 * to this computer, a plain host no closer than the server's `reach`), and never one the bound cut
 * short (oauth-error-fields.ts ends it with `…`): a cut address leads elsewhere. Only shown, as text
 * or a link a person follows; nothing opens it.
 */
export function shownErrorUri(value: string | undefined, reach: Reach): string | undefined {
  if (value === undefined || value.endsWith('…')) return undefined;
  try {
    return validateBrowserUrl(value, 'the error page', reach).href;
  } catch {
    return undefined;
  }
}

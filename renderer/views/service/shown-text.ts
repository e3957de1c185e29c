import { revealHidden } from '../../../shared/text';

/**
 * A server's text as the page shows it: hidden characters (bidi overrides, zero-width, controls) as
 * escapes, so a result cannot read as something else (`\u202e` reverses what follows it); line
 * breaks and tabs are its layout. Copying still takes the text as it was sent.
 */
export function shownText(text: string): string {
  return revealHidden(text, ['\n', '\t']);
}

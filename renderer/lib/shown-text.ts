import { revealHidden } from '../../shared/text';

/**
 * A server's text as the page shows it: hidden characters (bidi overrides, zero-width, controls) as
 * escapes, so it cannot read as something else (`\u202e` reverses what follows it); line breaks and
 * tabs are its layout. For results, descriptions, messages. Copying still takes the text as sent.
 */
export function shownText(text: string): string {
  return revealHidden(text, ['\n', '\t']);
}

/** A name, title or address a server (or mcp.json) chose: one line, every hidden character an escape. */
export function shownLine(text: string): string {
  return revealHidden(text);
}

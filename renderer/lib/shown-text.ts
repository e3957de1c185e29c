import { cutMiddle, cutText, revealHidden } from '../../shared/text';

/**
 * A server's text as the page shows it: hidden characters (bidi overrides, zero-width, controls) as
 * escapes, so it cannot read as something else (`\u202e` reverses what follows it); line breaks and
 * tabs are its layout. For results, descriptions, messages. Copying still takes the text as sent.
 */
export function shownText(text: string): string {
  return revealHidden(text, ['\n', '\t']);
}

/**
 * A name, title or address a server (or mcp.json) chose: one line, every hidden character an escape;
 * cut to `max` code points first where it heads something (one unbroken line of 300,000 characters
 * takes a browser a minute to lay out).
 */
export function shownLine(text: string, max?: number): string {
  return revealHidden(max === undefined ? text : cutText(text, max));
}

/** How many code points of a service's address a page shows; the whole one is its tooltip. */
export const MAX_SHOWN_ADDRESS = 120;

/** A service's address as a page shows it: one line, its middle cut out when long (a URL may be 8192 characters). */
export function shownAddress(url: string): string {
  return revealHidden(cutMiddle(url, MAX_SHOWN_ADDRESS));
}

/** What the core quotes in backticks (a command to run, a file): one line, no backtick inside. */
const CODE_SPAN = /`([^`\n]+)`/g;

/** The text cut around its code spans: the odd parts are code (split keeps the captured group). */
export function codeSpanParts(text: string): string[] {
  return text.split(CODE_SPAN);
}

/** The text with the backticks around its code spans dropped, where it cannot be set as code (a tooltip, a badge). */
export function withoutCodeMarks(text: string): string {
  return text.replace(CODE_SPAN, '$1');
}

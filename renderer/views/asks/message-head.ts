import type { TextHead } from '../../components';

/**
 * A server's message (up to 4,000 characters from the core), and each text of a sampling request, by
 * its first lines: the form and the answer buttons stay in view. Shown all, it scrolls in its own box.
 */
export const MESSAGE_HEAD: TextHead = { lines: 4, chars: 320 };

/**
 * The most "Show all" lays out of a sampling text: all a request may hold (MAX_SAMPLING_CHARS in
 * electron/app/asks/ask-view.ts), since the person approves it whole or not at all.
 */
export const SAMPLING_TEXT_MAX = 32 * 1024;

/**
 * A sampling request's `maxTokens` above this is shown as a warning (docs/asks.md): more than a long
 * answer needs, and the agent's model is paid by the token.
 */
export const LARGE_MAX_TOKENS = 10_000;

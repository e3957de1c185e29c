import { z } from 'zod';
import { idleTime } from '../../shared/config';
import type { WireError } from '../../shared/errors';
import { SIGN_IN_LINK_TTL_MS } from './ui-sign-in';

/** What the person runs, in any terminal, for a new sign-in address (shown where `serve` runs). */
export const UI_LINK_COMMAND = 'connected-services serve --ui-link';

/** Longer than any link secret (43 characters): a longer word is no link, and is cut there before it is echoed. */
export const MAX_LINK_CHARS = 256;

/** The page's sign-in request: the printed link's one-time secret (a 43-character base64url word). */
export const SignInRequestSchema = z.object({ link: z.string().min(1).max(MAX_LINK_CHARS) }).strict();

/** A link used, out of date, or never printed: the page shows this and what to do. */
export function signInRefusal(): WireError {
  return {
    code: 'denied',
    // The page heads this with "This sign-in address no longer works": the first words say why, not that again.
    message: `A sign-in address works once, within ${SIGN_IN_LINK_TTL_MS / 60_000} minutes: this one was already used or is out of date`,
    hint: `Run \`${UI_LINK_COMMAND}\` in a terminal: the running serve prints a new address where it runs`,
  };
}

/** A call with no live session: the tab was never signed in, or serve was started again. */
export function notSignedIn(): WireError {
  return { code: 'denied', message: 'This tab is not signed in: open a sign-in address that `connected-services serve` printed', hint: `For a new one: ${UI_LINK_COMMAND}` };
}

/** A call with a session that ended unused: the page shows the sign-in screen with this, not an error. */
export function idleRefusal(idleMs: number): WireError {
  return {
    code: 'denied',
    message: `This tab was signed out after ${idleTime(idleMs)} without use`,
    hint: `Press "Show a new sign-in address in serve's terminal", or run \`${UI_LINK_COMMAND}\` in a terminal`,
    data: { reason: 'idle' },
  };
}

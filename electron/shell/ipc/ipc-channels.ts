// Channel names only, with no imports, so the passphrase preload bundles nothing else.
/** Renderer → main: one App API call. */
export const CALL_CHANNEL = 'cs:call';
/** Main → renderer: one App API event, or the word that events were withheld. */
export const EVENT_CHANNEL = 'cs:event';
/** Renderer → main: the number of the last event message the page has handled. */
export const EVENT_READ_CHANNEL = 'cs:event-read';
/** Passphrase dialog → main: the passphrase, or cancel. */
export const PASSPHRASE_CHANNEL = 'cs:passphrase';

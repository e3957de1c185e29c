// Channel names only, with no imports, so the passphrase preload bundles nothing else.
/** Renderer → main: one App API call. */
export const CALL_CHANNEL = 'cs:call';
/** Main → renderer: one App API event. */
export const EVENT_CHANNEL = 'cs:event';
/** Passphrase dialog → main: the passphrase, or cancel. */
export const PASSPHRASE_CHANNEL = 'cs:passphrase';

/**
 * Names the shell is known by: the privileged scheme its pages load from, the hosts (origins) on it,
 * and the deep-link scheme the OS hands to it.
 */
export const APP_SCHEME = 'app';
/** The renderer's origin: `app://connected-services`. */
export const RENDERER_HOST = 'connected-services';
export const RENDERER_ORIGIN = `${APP_SCHEME}://${RENDERER_HOST}`;
export const RENDERER_ENTRY = `${RENDERER_ORIGIN}/index.html`;
/** The passphrase dialog is its own origin, so the renderer's IPC never trusts it and vice versa. */
export const PASSPHRASE_HOST = 'vault-passphrase';
export const PASSPHRASE_ORIGIN = `${APP_SCHEME}://${PASSPHRASE_HOST}`;

export const DEEP_LINK_SCHEME = 'connected-services';
export const APP_USER_MODEL_ID = 'dev.connected-services.desktop';
export const PRODUCT_NAME = 'Connected Services';
/** Passed by the login item: start in the tray without opening the window. */
export const HIDDEN_FLAG = '--hidden';

/** True when `value` parses as a URL whose origin is exactly `app://<host>`. */
export function hasAppOrigin(value: string, host: string): boolean {
  const url = URL.parse(value);
  return url !== null && url.protocol === `${APP_SCHEME}:` && url.host === host && url.username === '' && url.password === '';
}

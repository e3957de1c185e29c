/**
 * The app's buttons a hint sends a person to, under Sign-in on the service's page: the app has no
 * Connect button for a server that waits for a sign-in or a key.
 */
export const APP_SIGN_IN = 'press "Sign in with the browser" or "Sign in with a code" on its page in the app';
/** The app's button that starts a device sign-in, with a new code. */
export const APP_SIGN_IN_CODE = 'press "Sign in with a code" on its page in the app';
/** The app's button that takes an API key (it stores it where the entry's `key` reads it). */
export const APP_API_KEY = 'press "Enter API key" on its page in the app';
/** The buttons of a tool that waits for review, under "Tool changes to review" on its service's page. */
export const APP_REVIEW_TOOL = 'press "Accept" or "Refuse" under "Tool changes to review" on its page in the app';
/** The button that opens a registry entry's Install dialog again, on its row of the Services screen. */
export const APP_INSTALL_AGAIN = 'press "Install" on its row under Services in the app again';
/** Where a refused client secret is replaced, or a wrong client ID corrected: not by signing in again. */
export function appClientSecret(secret: string | undefined): string {
  const replace = secret === undefined ? 'press "Replace" on its client secret under Access' : `press "Replace" on ${secret} under Access`;
  return `${replace} in the app, or "Edit" on its page to correct the client ID`;
}

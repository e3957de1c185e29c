import type { CustomScheme } from 'electron';
import { APP_SCHEME } from '../app-identity';

/**
 * app:// as a standard, secure origin (like https: relative URLs, localStorage, secure-context APIs,
 * ES modules) that fetch() may use. It never bypasses CSP and runs no service workers.
 * corsEnabled lets module scripts marked `crossorigin` (as Vite emits them) load from it; other
 * origins still get nothing, since no response carries Access-Control-Allow-Origin.
 */
export const APP_SCHEME_DEFINITION: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true, bypassCSP: false, allowServiceWorkers: false, stream: false },
};

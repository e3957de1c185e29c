import { RENDERER_ORIGIN } from '../app-identity';
import { APP_FRAME_ORIGIN } from './app-frames';

// 'self' plus the explicit origin: a custom standard scheme is its own origin, and naming it keeps the
// policy correct even where a Chromium build matches 'self' only for http(s).
const SELF = `'self' ${RENDERER_ORIGIN}`;

/**
 * The renderer's Content-Security-Policy: its own scripts only (no eval, no inline script), no
 * network beyond its origin (the App API goes over IPC), no frames, no plugins, no forms.
 * Inline styles stay allowed as in web mode: React and the generated forms set style attributes,
 * and a style cannot run script.
 */
export const RENDERER_CSP = [
  "default-src 'none'",
  `script-src ${SELF}`,
  `style-src ${SELF} 'unsafe-inline'`,
  // QR codes of the device login render as data: images.
  `img-src ${SELF} data:`,
  `font-src ${SELF}`,
  `connect-src ${SELF}`,
  `manifest-src ${SELF}`,
  "worker-src 'none'",
  // MCP Apps only, on their own scheme (app-frames.ts).
  `frame-src ${APP_FRAME_ORIGIN}`,
  "child-src 'none'",
  "object-src 'none'",
  "media-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The passphrase dialog: its own script and stylesheet, nothing else at all. */
export const DIALOG_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Browser features no page of ours uses; denied at the document level as well as by the session. */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'bluetooth',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'serial',
  'usb',
  'clipboard-read',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Headers of every response of the app:// protocol. */
export function protocolHeaders(contentType: string, csp: string): Record<string, string> {
  return {
    'content-type': contentType,
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'cache-control': 'no-cache',
  };
}

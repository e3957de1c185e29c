import type { AppPermission, ResourceApp } from './ui-meta';

/** The extension's permission names and the Permissions-Policy features they map to (SEP-1865 §permissions). */
const FEATURES: Record<AppPermission, string> = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'geolocation',
  clipboardWrite: 'clipboard-write',
};

export const APP_PERMISSIONS = Object.keys(FEATURES) as AppPermission[];

/** What an app asks for in its resource's `_meta.ui.permissions`. */
export function requestedPermissions(resource: ResourceApp): AppPermission[] {
  const asked = resource.permissions ?? {};
  return APP_PERMISSIONS.filter((name) => asked[name] !== undefined);
}

/** What it gets: only what it asked for and the person allowed for that server. */
export function grantedPermissions(resource: ResourceApp, allowed: ReadonlySet<AppPermission>): AppPermission[] {
  return requestedPermissions(resource).filter((name) => allowed.has(name));
}

/**
 * The Permissions-Policy header of the app's document: every feature off but those granted, which
 * are allowed to the document itself and nothing it embeds.
 */
export function appPermissionsPolicy(granted: readonly AppPermission[]): string {
  return APP_PERMISSIONS.map((name) => `${FEATURES[name]}=${granted.includes(name) ? '(self)' : '()'}`)
    .concat(['payment=()', 'usb=()', 'serial=()', 'hid=()', 'bluetooth=()', 'display-capture=()', 'fullscreen=()'])
    .join(', ');
}

/** The frame's `allow` attribute for the same grants (the embedding page must delegate each feature). */
export function appFrameAllow(granted: readonly AppPermission[]): string {
  return granted.map((name) => FEATURES[name]).join('; ');
}

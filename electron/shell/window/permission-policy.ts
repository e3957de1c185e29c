import { hasAppOrigin, RENDERER_HOST } from '../app-identity';

/**
 * Every permission is denied (camera, notifications, geolocation, HID, …) except writing plain text
 * to the clipboard from the renderer's own origin: the copy buttons (agent token, config snippet,
 * device code) need it, and a sanitized write reads nothing.
 */
export function permissionAllowed(permission: string, requestingUrl: string | undefined): boolean {
  return permission === 'clipboard-sanitized-write' && requestingUrl !== undefined && hasAppOrigin(requestingUrl, RENDERER_HOST);
}

import type { AppPermission } from '../../mcp-apps';
import { hasAppOrigin, RENDERER_HOST } from '../app-identity';

/** What an opened MCP App's frame was granted, by the URL it loaded from (undefined: not an app's frame). */
export type AppGrantsAt = (url: string) => readonly AppPermission[] | undefined;

export interface PermissionRequest {
  /** The frame's URL (a request's `requestingUrl`, or a check's origin). */
  url: string | undefined;
  /** For `media`: which devices it asks for (`video`, `audio`); unknown means both. */
  mediaTypes?: readonly string[];
  appGrantsAt?: AppGrantsAt;
}

/** Electron's permission names for what the extension lets a person grant an app (SEP-1865 §permissions). */
function appAllows(permission: string, mediaTypes: readonly string[] | undefined, granted: readonly AppPermission[]): boolean {
  if (permission === 'geolocation') return granted.includes('geolocation');
  if (permission === 'clipboard-sanitized-write') return granted.includes('clipboardWrite');
  if (permission !== 'media') return false;
  const asked = mediaTypes === undefined || mediaTypes.length === 0 ? ['video', 'audio'] : mediaTypes;
  return asked.every((type) => (type === 'video' ? granted.includes('camera') : type === 'audio' ? granted.includes('microphone') : false));
}

/**
 * Every permission is denied (camera, notifications, geolocation, HID, …) except writing plain text
 * to the clipboard from the renderer's own origin (the copy buttons need it, and a sanitized write
 * reads nothing), and, in an opened MCP App's frame, what its resource asked for and the person
 * allowed for that server (the grants the app's document was served with).
 */
export function permissionAllowed(permission: string, request: PermissionRequest): boolean {
  const { url } = request;
  if (url === undefined) return false;
  if (permission === 'clipboard-sanitized-write' && hasAppOrigin(url, RENDERER_HOST)) return true;
  const granted = request.appGrantsAt?.(url);
  return granted !== undefined && appAllows(permission, request.mediaTypes, granted);
}

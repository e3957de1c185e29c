import type { Session } from 'electron';
import { requestAllowed } from './navigation-policy';
import { permissionAllowed } from './permission-policy';

/**
 * The session every page of ours runs in: permissions denied (but the renderer's sanitized clipboard
 * write), no devices, no screen capture, no downloads, no request leaving app:// (and data: images).
 */
export function hardenSession(session: Session, options: { devTools: boolean; log: (line: string) => void }): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const allowed = permissionAllowed(permission, details.requestingUrl);
    if (!allowed) options.log(`denied the "${permission}" permission`);
    callback(allowed);
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => permissionAllowed(permission, requestingOrigin));
  session.setDevicePermissionHandler(() => false);
  session.setDisplayMediaRequestHandler((_request, callback) => callback({}));
  session.webRequest.onBeforeRequest((details, callback) => {
    const allowed = requestAllowed(details.url, { devTools: options.devTools });
    if (!allowed) options.log(`blocked a request to ${details.url.slice(0, 200)}`);
    callback({ cancel: !allowed });
  });
  session.on('will-download', (event) => event.preventDefault());
}

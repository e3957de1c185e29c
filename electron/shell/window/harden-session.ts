import type { Session } from 'electron';
import { requestAllowed, requestFromApp } from './navigation-policy';
import { permissionAllowed, type AppGrantsAt } from './permission-policy';

/**
 * The session every page of ours runs in: permissions denied (but the renderer's sanitized clipboard
 * write), no devices, no screen capture, no downloads, no request leaving app:// (and data: images).
 */
export function hardenSession(session: Session, options: { devTools: boolean; log: (line: string) => void; appGrantsAt?: AppGrantsAt; appDeclared?: (url: string) => boolean }): void {
  const { appGrantsAt } = options;
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? details.mediaTypes : undefined;
    const allowed = permissionAllowed(permission, { url: details.requestingUrl, ...(mediaTypes ? { mediaTypes } : {}), ...(appGrantsAt ? { appGrantsAt } : {}) });
    if (!allowed) options.log(`denied the "${permission}" permission`);
    callback(allowed);
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    permissionAllowed(permission, {
      url: details.requestingUrl ?? requestingOrigin,
      ...(details.mediaType !== undefined && details.mediaType !== 'unknown' ? { mediaTypes: [details.mediaType] } : {}),
      ...(appGrantsAt ? { appGrantsAt } : {}),
    }),
  );
  session.setDevicePermissionHandler(() => false);
  session.setDisplayMediaRequestHandler((_request, callback) => callback({}));
  session.webRequest.onBeforeRequest((details, callback) => {
    const fromApp = options.appDeclared ? requestFromApp(details.frame, details.referrer) : false;
    const allowed = requestAllowed(details.url, { devTools: options.devTools, fromApp, ...(options.appDeclared ? { appDeclared: options.appDeclared } : {}) });
    if (!allowed) options.log(`blocked a request to ${details.url.slice(0, 200)}`);
    callback({ cancel: !allowed });
  });
  session.on('will-download', (event) => event.preventDefault());
}

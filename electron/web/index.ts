export { startWebServer, CLI_PID_HEADER } from './web-server';
export type { WebServer, WebServerOptions } from './web-server';
export { startAppOrigin } from './app-origin';
export type { AppOrigin, AppOriginOptions } from './app-origin';

export { startWebServer, CLI_PID_HEADER } from './web-server';
export type { WebServer, WebServerOptions } from './web-server';
export { isAllowedHost, isAllowedOrigin, sameSecret, newSessionSecret } from './request-guard';

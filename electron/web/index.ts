export { startWebServer, CLI_PID_HEADER } from './web-server';
export type { WebServer, WebServerOptions } from './web-server';

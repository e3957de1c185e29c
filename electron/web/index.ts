export { startWebServer, CLI_PID_HEADER } from './web-server';
export type { WebServer, WebServerOptions } from './web-server';
export { startAppOrigin } from './app-origin';
export type { AppOrigin, AppOriginOptions } from './app-origin';
export { uiSessionIdleSetting } from './idle-setting';
export { testClock, TEST_CLOCK_ENV } from './test-clock';

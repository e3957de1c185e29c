// Test support only: component tests import this; the app never does.
import { createFakeApi as createFake, type FakeApi, type FakeHandlers } from '../fake-app-api';
export { serverStatus } from '../fake-app-api';

/** The fake App API for the screens: each kind's older event comes with its decision event, as from the core. */
export const createFakeApi = (handlers: FakeHandlers = {}): FakeApi => createFake(handlers, { decisionEvents: true });
export type { FakeApi, FakeHandlers } from '../fake-app-api';
export { createFakeClock } from './fake-clock';
export type { FakeClock } from './fake-clock';
export { renderApp } from './render-app';
export { installFakeClipboard } from './fake-clipboard';
export { appTool, appToolApi, openAppPanel } from './app-tool-api';
export { failedConnectApi } from './failed-connect-api';
export { openEditDialog, reviewEdit } from './edit-dialog';

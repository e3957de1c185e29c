// Test support only: component tests import this; the app never does.
export { createFakeApi, serverStatus } from '../fake-app-api';
export type { FakeApi, FakeHandlers } from '../fake-app-api';
export { createFakeClock } from './fake-clock';
export type { FakeClock } from './fake-clock';
export { renderApp } from './render-app';

// The one home of test support (node side). Renderer component tests: ./renderer; Chromium e2e: ./e2e;
// the CLI, `serve`, the MCP Inspector, oidc-provider stacks and fixture servers: the files beside this.
export { FakeChild, spawnOf } from './fake-child';
export { ManualTimers } from './manual-timers';
export { rejection } from './rejection';
export { makeFifo, settlesWithin } from './fifo';
export { createFakeApi, serverStatus } from './fake-app-api';
export type { FakeApi, FakeHandlers } from './fake-app-api';

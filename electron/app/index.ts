export { createCore } from './core';
export type { Core, CoreOptions } from './core';
export { EventHub } from './event-hub';
export { VERSION } from './version';
export { demoServers } from './demo-servers';
export { dispatch } from './dispatch';
export { packageRoot } from './package-root';

export { createCore } from './core';
export type { Core, CoreOptions } from './core';
export { EventHub } from './event-hub';
export { VERSION } from './version';
export { demoServers } from './demo-servers';
export { dispatch } from './dispatch';
export { packageRoot } from './package-root';
export { readRuntimeFile, writeRuntimeFile, RUNTIME_FILE } from './runtime-file';
export type { RuntimeInfo } from './runtime-file';

export { runDoctor } from './run-doctor';
export type { DoctorOptions } from './run-doctor';
export { findOnPath } from './find-on-path';
export { isPortFree } from './port-free';
export { unreachableAppCheck } from './unreachable-app';
export { probeApp } from './app-probe';
export type { AppProbe } from './app-probe';

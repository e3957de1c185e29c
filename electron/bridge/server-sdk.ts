import type * as LegacyTypesModule from '@modelcontextprotocol/sdk/types.js';
import type * as ModernServerModule from '@modelcontextprotocol/server';

/**
 * The SDK modules the bridge serves agents with, loaded on first use (importing them costs ~80 ms of
 * start-up each). The bridge's own loaders: the pool's client-side SDK may move on separately.
 * Legacy sessions (2025-era `initialize`) are served with SDK 1.x; 2026-07-28 requests with the v2
 * server package (`createMcpHandler`).
 */
export type SdkTypes = typeof LegacyTypesModule;
export type ModernSdk = typeof ModernServerModule;

let legacyTypes: Promise<SdkTypes> | undefined;
let modern: Promise<ModernSdk> | undefined;
let modernLoaded: ModernSdk | undefined;

/** SDK 1.x types.js: schemas and McpError for legacy sessions. */
export function loadSdkTypes(): Promise<SdkTypes> {
  legacyTypes ??= import('@modelcontextprotocol/sdk/types.js');
  return legacyTypes;
}

/** The v2 server package, for the 2026-07-28 era. */
export function loadModernSdk(): Promise<ModernSdk> {
  modern ??= import('@modelcontextprotocol/server').then((m) => (modernLoaded = m));
  return modern;
}

/** The v2 server package if a request loaded it already (a synchronous path for the hot one). */
export function modernSdkIfLoaded(): ModernSdk | undefined {
  return modernLoaded;
}

import type * as TypesModule from '@modelcontextprotocol/sdk/types.js';

/**
 * SDK 1.x's types module, for the bridge's session servers until they move to SDK v2 (#30); the
 * pool itself speaks through the v2 client (client-sdk.ts).
 */
export type SdkTypes = typeof TypesModule;

let loadingTypes: Promise<SdkTypes> | undefined;

/** The 1.x types.js on first use (a session's first server), once. */
export function loadSdkTypes(): Promise<SdkTypes> {
  loadingTypes ??= import('@modelcontextprotocol/sdk/types.js');
  return loadingTypes;
}

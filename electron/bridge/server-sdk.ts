import type * as SchemasModule from '@modelcontextprotocol/core';
import type * as ModernServerModule from '@modelcontextprotocol/server';
import type * as AjvModule from '@modelcontextprotocol/server/validators/ajv';

/**
 * The SDK modules the bridge serves agents with, all SDK v2, loaded on first use (importing them
 * costs start-up time). The bridge's own loaders: the pool's client-side SDK may move on separately.
 * Legacy sessions (2025-era `initialize`) are served by the v2 server package's `Server` over our
 * Streamable HTTP transport (http-transport.ts); 2026-07-28 requests by its `createMcpHandler`.
 */
export type ModernSdk = typeof ModernServerModule;

/** What a legacy session uses: the server package, the request and JSON-RPC schemas of `@modelcontextprotocol/core`, the SDK's Ajv validator. */
export type SdkTypes = ModernSdk & Pick<
  typeof SchemasModule,
  | 'JSONRPCRequestSchema'
  | 'JSONRPCNotificationSchema'
  | 'JSONRPCResultResponseSchema'
  | 'JSONRPCErrorResponseSchema'
  | 'CallToolRequestSchema'
  | 'CompleteRequestSchema'
  | 'GetPromptRequestSchema'
  | 'ListPromptsRequestSchema'
  | 'ListResourcesRequestSchema'
  | 'ListResourceTemplatesRequestSchema'
  | 'ListToolsRequestSchema'
  | 'ReadResourceRequestSchema'
  | 'SetLevelRequestSchema'
  | 'SubscribeRequestSchema'
  | 'UnsubscribeRequestSchema'
> & { AjvJsonSchemaValidator: typeof AjvModule.AjvJsonSchemaValidator };

let legacyTypes: Promise<SdkTypes> | undefined;
let modern: Promise<ModernSdk> | undefined;
let modernLoaded: ModernSdk | undefined;

/** What legacy sessions are served with, once. */
export function loadSdkTypes(): Promise<SdkTypes> {
  legacyTypes ??= Promise.all([loadModernSdk(), import('@modelcontextprotocol/core'), import('@modelcontextprotocol/server/validators/ajv')]).then(([server, core, ajv]) => ({
    ...server,
    JSONRPCRequestSchema: core.JSONRPCRequestSchema,
    JSONRPCNotificationSchema: core.JSONRPCNotificationSchema,
    JSONRPCResultResponseSchema: core.JSONRPCResultResponseSchema,
    JSONRPCErrorResponseSchema: core.JSONRPCErrorResponseSchema,
    CallToolRequestSchema: core.CallToolRequestSchema,
    CompleteRequestSchema: core.CompleteRequestSchema,
    GetPromptRequestSchema: core.GetPromptRequestSchema,
    ListPromptsRequestSchema: core.ListPromptsRequestSchema,
    ListResourcesRequestSchema: core.ListResourcesRequestSchema,
    ListResourceTemplatesRequestSchema: core.ListResourceTemplatesRequestSchema,
    ListToolsRequestSchema: core.ListToolsRequestSchema,
    ReadResourceRequestSchema: core.ReadResourceRequestSchema,
    SetLevelRequestSchema: core.SetLevelRequestSchema,
    SubscribeRequestSchema: core.SubscribeRequestSchema,
    UnsubscribeRequestSchema: core.UnsubscribeRequestSchema,
    AjvJsonSchemaValidator: ajv.AjvJsonSchemaValidator,
  }));
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

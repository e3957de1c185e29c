import type * as ClientModule from '@modelcontextprotocol/client';
import type * as CoreModule from '@modelcontextprotocol/core';
import { BoundedSchemaValidator } from './bounded-schema-validator';
import { checkingThread } from './checking-threads';

/** SDK v2's public schemas (`@modelcontextprotocol/core`): the JSON-RPC shapes, CallToolResultSchema, progress, and the params of a server's input requests. */
export type SdkSchemas = Pick<
  typeof CoreModule,
  | 'JSONRPCRequestSchema'
  | 'JSONRPCNotificationSchema'
  | 'JSONRPCResultResponseSchema'
  | 'JSONRPCErrorResponseSchema'
  | 'CallToolResultSchema'
  | 'ProgressNotificationSchema'
  | 'ElicitRequestParamsSchema'
  | 'CreateMessageRequestParamsSchema'
>;

/** The SDK v2 client's parts the pool uses, loaded on the first connection (importing them costs start-up time). */
export interface ClientSdk {
  Client: typeof ClientModule.Client;
  StreamableHTTPClientTransport: typeof ClientModule.StreamableHTTPClientTransport;
  SdkHttpError: typeof ClientModule.SdkHttpError;
  SdkError: typeof ClientModule.SdkError;
  SdkErrorCode: typeof ClientModule.SdkErrorCode;
  ProtocolError: typeof ClientModule.ProtocolError;
  UnauthorizedError: typeof ClientModule.UnauthorizedError;
  schemas: SdkSchemas;
  /** The MCP schema's types one by one: a listing's items are checked each on its own (listing-items.ts). */
  specTypeSchemas: typeof ClientModule.specTypeSchemas;
  /** One JSON Schema validator for every Client and the direct path (the SDK's Ajv, as its Node default, run with a time bound). */
  jsonSchemaValidator: ClientModule.jsonSchemaValidator;
}

let loading: Promise<ClientSdk> | undefined;
let loaded: ClientSdk | undefined;
let loadingSchemas: Promise<SdkSchemas> | undefined;

/** The schemas on first use (a stdio transport's first start), once. */
export function loadSdkSchemas(): Promise<SdkSchemas> {
  loadingSchemas ??= import('@modelcontextprotocol/core');
  return loadingSchemas;
}

export function loadClientSdk(): Promise<ClientSdk> {
  loading ??= Promise.all([import('@modelcontextprotocol/client'), import('@modelcontextprotocol/client/validators/ajv'), loadSdkSchemas()]).then(([client, ajv, schemas]) => {
    loaded = {
      Client: client.Client,
      StreamableHTTPClientTransport: client.StreamableHTTPClientTransport,
      SdkHttpError: client.SdkHttpError,
      SdkError: client.SdkError,
      SdkErrorCode: client.SdkErrorCode,
      ProtocolError: client.ProtocolError,
      UnauthorizedError: client.UnauthorizedError,
      schemas,
      specTypeSchemas: client.specTypeSchemas,
      // Bounded in time: a server's schema and its answer could otherwise hold every agent's calls.
      jsonSchemaValidator: new BoundedSchemaValidator(new ajv.AjvJsonSchemaValidator(), checkingThread()),
    };
    return loaded;
  });
  return loading;
}

/** The modules if a connection loaded them; before that no error of theirs can exist. */
export function clientSdkIfLoaded(): ClientSdk | undefined {
  return loaded;
}
